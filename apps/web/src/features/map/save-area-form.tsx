import { maxTilesPerArea, type DownloadProgress } from '../../lib/saved-tiles/tile-store.ts';
import { detailLevels, megabytes } from './area-words.ts';

interface Props {
  name: string;
  onName(name: string): void;
  /** The detail chosen: the highest zoom saved (area-words.ts). */
  maxZoom: number;
  onMaxZoom(maxZoom: number): void;
  drawn?: boolean;
  onDrawRectangle?: () => void;
  plan: { tileCount: number; estimatedBytes: number };
  progress: DownloadProgress | null;
  canSave: boolean;
  onSave(): void;
  onCancel(): void;
}

/** The new area: its name, how much detail, its extent, its size, and Download or progress. */
export function SaveAreaForm(props: Props) {
  const { name, maxZoom, drawn, onDrawRectangle, plan, progress } = props;
  const busy = progress !== null;
  return (
    <form
      className="save-area"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      <label className="save-area-name">
        <span>Name</span>
        <input
          value={name}
          maxLength={80}
          disabled={busy}
          onChange={(event) => props.onName(event.target.value)}
        />
      </label>
      <fieldset className="save-area-detail" disabled={busy}>
        <legend>Detail</legend>
        {detailLevels.map((level) => (
          <label key={level.maxZoom}>
            <input
              type="radio"
              name="detail"
              checked={maxZoom === level.maxZoom}
              onChange={() => props.onMaxZoom(level.maxZoom)}
            />
            <span>
              {level.label}
              <small>{level.hint}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {onDrawRectangle && (
        <p className="save-area-extent">
          {drawn ? 'The rectangle you drew' : 'The visible area of the map'}{' '}
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy}
            onClick={onDrawRectangle}
          >
            {drawn ? 'Draw again' : 'Draw a rectangle instead'}
          </button>
        </p>
      )}
      <p data-testid="area-plan">
        {plan.tileCount.toLocaleString('en')} tiles, about {megabytes(plan.estimatedBytes)}
      </p>
      {plan.tileCount > maxTilesPerArea && (
        <p role="alert">
          At most {maxTilesPerArea.toLocaleString('en')} tiles can be saved at once. Zoom in or
          choose less detail.
        </p>
      )}
      {progress ? (
        <>
          <progress aria-label="Saving the map area" max={progress.total} value={progress.done} />
          <p role="status">
            {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')} tiles
          </p>
          <button type="button" className="button button-secondary" onClick={props.onCancel}>
            Cancel
          </button>
        </>
      ) : (
        <button type="submit" className="button button-primary" disabled={!props.canSave}>
          Download
        </button>
      )}
    </form>
  );
}
