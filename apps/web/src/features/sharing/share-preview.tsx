import type { SharedLocation, SharePrecision } from '@fj/contract/sharing';
import { formatVisitDate } from '../../lib/dates.ts';
import { formatFind } from '../../lib/finds-text.ts';
import { placeText } from '../../lib/sharing/place-text.ts';
import { PreviewMap } from './preview-map.tsx';
import type { ShareChoices } from './share-choices.ts';
import { dateWords, precisionWords } from './share-words.ts';
import type { SharePreview as Preview } from './use-share-preview.ts';

function fieldsLine(choices: ShareChoices): string {
  const shown = [
    'names',
    precisionWords[choices.precision],
    `visit dates ${dateWords[choices.dates]}`,
    ...(choices.include.finds ? ['finds'] : []),
    ...(choices.include.notes ? ['notes'] : []),
    ...(choices.include.photos ? ['photos (without their GPS tags)'] : []),
  ];
  return `They see: ${shown.join(', ')}.`;
}

function PreviewSpot({ spot, precision }: { spot: SharedLocation; precision: SharePrecision }) {
  return (
    <li>
      <strong>{spot.name}</strong>
      <span className="share-preview-place">{placeText(spot, precision)}</span>
      {spot.entries.length > 0 && (
        <ul className="share-preview-entries">
          {spot.entries.map((entry) => (
            <li key={entry.id}>
              {formatVisitDate(entry.date)}
              {entry.finds && entry.finds.length > 0
                ? ` · ${entry.finds.map(formatFind).join(', ')}`
                : ''}
              {entry.notes ? ` · “${entry.notes}”` : ''}
              {entry.photos && entry.photos.length > 0
                ? ` · ${entry.photos.length} ${entry.photos.length === 1 ? 'photo' : 'photos'}`
                : ''}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Exactly what the viewer will receive, before anything is made: the server's projection of
 * these choices (use-share-preview.ts) on a map and in words.
 */
export function SharePreview({ choices, preview }: { choices: ShareChoices; preview: Preview }) {
  return (
    <section
      className="share-preview"
      aria-labelledby="share-preview-heading"
      aria-busy={preview.stale}
    >
      <h3 id="share-preview-heading">What they will see</h3>
      <p>{fieldsLine(choices)}</p>
      <p className="share-preview-note">
        Never: descriptions, access notes, when you made or changed a spot, photo file names.
      </p>
      {preview.error && (
        <p className="form-error" role="alert">
          The preview could not be made: {preview.error}
        </p>
      )}
      {choices.locationIds.length === 0 && <p>Choose at least one spot.</p>}
      {preview.locations && choices.locationIds.length > 0 && (
        <>
          <PreviewMap locations={preview.locations} />
          <ul className="share-preview-spots">
            {preview.locations.map((spot) => (
              <PreviewSpot key={spot.id} spot={spot} precision={choices.precision} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
