import { normalizePhotoList } from '@fj/contract/photo-list';
import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { resolveServerUrl } from '../../lib/api/api-base.ts';
import { UploadBar } from '../../lib/ui/upload-bar.tsx';
import { canTakePhoto, takePhoto } from '../../platform/camera.ts';
import { PhotoViewer } from './photo-viewer.tsx';
import type { UploadItem, UploadQueue } from './upload-queue.ts';

interface Props {
  items: readonly UploadItem[];
  queue: UploadQueue;
  disabled?: boolean;
  /** Each picked or taken photo, before it uploads (the form reads its date). */
  onPicked?(files: readonly File[]): void;
}

function Pending({ item, onRetry }: { item: UploadItem; onRetry(): void }) {
  const percent = Math.round(item.progress * 100);
  if (item.status === 'failed') {
    return (
      <div className="upload-pending upload-failed">
        <span className="upload-name">{item.name}</span>
        <span role="alert">{item.error}</span>
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return (
    <div className="upload-pending">
      <span className="upload-name">{item.name}</span>
      <UploadBar label={`Uploading ${item.name}`} fraction={item.progress} />
      <span>{item.status === 'queued' ? 'Waiting…' : `${percent}%`}</span>
    </div>
  );
}

/**
 * Pick several photos at once: each uploads at once with its own bar, then shows its thumbnail.
 * The native app also offers "Take photo", whose photo joins the same queue as a picked file.
 */
export function PhotoField({ items, queue, disabled, onPicked }: Props) {
  const inputId = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const [camera] = useState(canTakePhoto);
  const [shooting, setShooting] = useState(false);
  const done = items.filter((item) => item.status === 'done' && item.photo);
  const viewable = normalizePhotoList(done.map((item) => item.photo));

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared, so picking the same file again (after removing it) still fires a change.
    event.target.value = '';
    if (files.length === 0) return;
    queue.add(files);
    onPicked?.(files);
  }

  async function shoot() {
    setShooting(true);
    try {
      const photo = await takePhoto();
      if (photo) {
        queue.add([photo]);
        onPicked?.([photo]);
      }
    } catch (error) {
      console.warn('The camera failed', error);
      toast.error('The camera could not be opened. You can still add photos from your library.');
    } finally {
      setShooting(false);
    }
  }

  return (
    <div className="field">
      <span className="field-label" id={`${inputId}-label`}>
        <strong>Photos</strong>
      </span>
      {items.length > 0 && (
        <ul className="photo-grid" aria-labelledby={`${inputId}-label`}>
          {items.map((item) => {
            const viewIndex = done.indexOf(item);
            const shown = viewable[viewIndex];
            return (
              <li key={item.key} className="upload-item">
                {item.status === 'done' && shown ? (
                  <button
                    type="button"
                    className="photo-thumb"
                    aria-label={`View ${item.name}`}
                    onClick={() => setViewing(viewIndex)}
                  >
                    <img
                      src={resolveServerUrl(shown.thumbnailUrl ?? shown.url)}
                      alt=""
                      loading="lazy"
                    />
                  </button>
                ) : (
                  <Pending item={item} onRetry={() => queue.retry(item.key)} />
                )}
                <button
                  type="button"
                  className="icon-button upload-remove"
                  aria-label={`Remove ${item.name}`}
                  disabled={disabled}
                  onClick={() => queue.remove(item.key)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="photo-input-actions">
        {camera && (
          <button
            type="button"
            className="button button-secondary"
            disabled={disabled || shooting}
            onClick={() => void shoot()}
          >
            Take photo
          </button>
        )}
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          onChange={pick}
        />
        {/* Right after the input: the focus ring (journal.css) reaches the label through "+". */}
        <label htmlFor={inputId} className="button button-secondary">
          Add photos
        </label>
      </div>
      <p className="field-hint">GPS tags are removed from every photo on upload.</p>
      {viewing !== null && (
        <PhotoViewer photos={viewable} startIndex={viewing} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}
