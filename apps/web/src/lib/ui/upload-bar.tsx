/** 0…1 as the whole percent a bar and its words show. */
const percentOf = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);

interface UploadBarProps {
  /** Names the upload for screen readers ("Uploading IMG_0042.jpg"). */
  label: string;
  /** 0…1 of the bytes sent. */
  fraction: number;
}

/** One upload's bar: photos, imports and restores all show the same one. */
export function UploadBar({ label, fraction }: UploadBarProps) {
  const percent = percentOf(fraction);
  return (
    <div
      className="upload-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="upload-bar-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

interface UploadProgressProps extends UploadBarProps {
  /** What is said once every byte is sent and the server works on the file. */
  working: string;
}

/** A file's bar with "Uploading… 40%", then what the server is doing once the file is sent. */
export function UploadProgress({ label, fraction, working }: UploadProgressProps) {
  const percent = percentOf(fraction);
  return (
    <div className="upload-progress" role="status">
      <UploadBar label={label} fraction={fraction} />
      <span>
        {percent < 100 ? (
          `Uploading… ${percent}%`
        ) : (
          <>
            <span className="spinner" aria-hidden="true" /> {working}
          </>
        )}
      </span>
    </div>
  );
}
