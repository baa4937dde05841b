import { useState } from 'react';
import { downloadBackup, type ExportFile } from '../../lib/api/export-download.ts';
import { receivedSize } from '../../lib/received-size.ts';
import { saveFile } from '../../lib/save-file.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useSubmit } from '../../lib/ui/use-submit.ts';

interface BackupSectionProps {
  /** For tests; the API client's download and the browser's save otherwise. */
  download?: (onProgress: (bytes: number) => void) => Promise<ExportFile>;
  save?: (file: ExportFile) => void;
}

/** The whole account, photos included, as one ZIP (docs/files.md#backup). */
export function BackupSection({ download = downloadBackup, save = saveFile }: BackupSectionProps) {
  const [received, setReceived] = useState(0);
  const { busy, error, run } = useSubmit(errorMessage, { logAs: 'Backup failed' });

  async function backUp() {
    setReceived(0);
    await run(async () => save(await download(setReceived)));
  }

  return (
    <section className="card" aria-labelledby="backup-heading">
      <h2 id="backup-heading">Backup</h2>
      <p>Every spot, entry and photo, with your lists, in one ZIP file.</p>
      <button
        type="button"
        className="button button-quiet"
        onClick={() => void backUp()}
        disabled={busy}
      >
        {busy ? 'Backing up…' : 'Download a backup'}
      </button>
      {busy && (
        <p className="export-progress" role="status">
          <span className="spinner" aria-hidden="true" />
          {received > 0 ? `Downloading… ${receivedSize(received)}` : 'Preparing the backup…'}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
