import type { NormalizedPhoto } from '@fj/contract/photo-list';
import { useState, type KeyboardEvent } from 'react';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { resolveServerUrl } from '../../lib/api/api-base.ts';

interface Props {
  photos: readonly NormalizedPhoto[];
  startIndex: number;
  onClose(): void;
}

/** Full-size photos, one at a time; arrow keys or the buttons step through them. */
export function PhotoViewer({ photos, startIndex, onClose }: Props) {
  const [index, setIndex] = useState(startIndex);
  const count = photos.length;
  const photo = photos[index];
  const step = (by: number) => setIndex((current) => (current + by + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  }

  return (
    <ModalDialog title="Photo" onClose={onClose} className="photo-viewer" hideTitle>
      <div className="photo-viewer-bar" onKeyDown={onKeyDown}>
        <span aria-live="polite">
          Photo {index + 1} of {count}
        </span>
        <button type="button" className="button button-quiet button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="photo-viewer-image">
        {photo && <img src={resolveServerUrl(photo.url)} alt={photo.name} />}
      </div>
      {count > 1 && (
        <div className="photo-viewer-bar" onKeyDown={onKeyDown}>
          <button type="button" className="button button-quiet" onClick={() => step(-1)}>
            ‹ Previous
          </button>
          <button type="button" className="button button-quiet" onClick={() => step(1)}>
            Next ›
          </button>
        </div>
      )}
    </ModalDialog>
  );
}
