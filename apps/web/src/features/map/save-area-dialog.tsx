import { useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { useStreetsStyle } from '../../lib/maps/use-maps.ts';
import { areaSource, type AreaSource } from '../../lib/saved-tiles/area-source.ts';
import { openAreaCache, openMapStartCache } from '../../lib/saved-tiles/saved-fetch.ts';
import type { Bbox } from '../../lib/saved-tiles/tile-math.ts';
import {
  deleteArea,
  downloadArea,
  listAreas,
  maxTilesPerArea,
  planArea,
  updateArea,
  type DownloadProgress,
  type SavedArea,
} from '../../lib/saved-tiles/tile-store.ts';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';

/** What to save: the visible area, or the surroundings of every spot (docs/behaviour.md#saved-map-areas). */
export interface AreaChoice {
  title: string;
  bboxes: Bbox[];
  minZoom: number;
  maxZoom: number;
  /** A rectangle the user drew, rather than the visible area. */
  drawn?: boolean;
}

/** "12.3 MB", or "45 kB" for a size that would read "0.0 MB". */
const megabytes = (bytes: number): string =>
  bytes < 100_000 ? `${Math.ceil(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

const fetchTile = (url: string, init?: { signal?: AbortSignal }) => fetch(url, init);

interface Props {
  choice: AreaChoice;
  onClose(): void;
  /** Offered for a single area: leave the dialog to drag a rectangle on the map instead. */
  onDrawRectangle?: () => void;
}

export function SaveAreaDialog({ choice, onClose, onDrawRectangle }: Props) {
  const { user } = useAuth();
  // Areas are saved for, and listed to, the signed-in user only (lib/saved-tiles/area-owner.ts).
  const owner = user?.uid ?? null;
  const streets = useStreetsStyle();
  const [source, setSource] = useState<AreaSource | null | undefined>(undefined);
  const [minZoom, setMinZoom] = useState(choice.minZoom);
  const [maxZoom, setMaxZoom] = useState(choice.maxZoom);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [areas, setAreas] = useState<SavedArea[]>([]);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!streets) return;
    const style = streets.style;
    void (style ? areaSource(streets.url, style) : Promise.resolve(null)).then(setSource, () =>
      setSource(null),
    );
  }, [streets]);

  const refreshAreas = () =>
    void (
      owner === null
        ? Promise.resolve([])
        : openAreaCache(owner).then((cache) => listAreas(cache, owner))
    ).then(setAreas);
  useEffect(refreshAreas, [owner]);
  useEffect(() => () => abort.current?.abort(), []);

  // Zooms past the source's own are drawn from its last tiles: nothing more to download.
  const lastZoom = source ? Math.min(maxZoom, source.maxZoom) : maxZoom;
  const firstZoom = Math.min(minZoom, lastZoom);
  const plan = useMemo(
    () =>
      source
        ? planArea({
            bboxes: choice.bboxes,
            minZoom: firstZoom,
            maxZoom: lastZoom,
            templates: source.templates,
            kind: source.kind,
          })
        : null,
    [source, choice.bboxes, firstZoom, lastZoom],
  );

  async function run(work: (options: Parameters<typeof downloadArea>[1]) => Promise<SavedArea>) {
    if (!source || owner === null) return;
    const controller = new AbortController();
    abort.current = controller;
    setMessage(null);
    setProgress({ done: 0, total: plan?.tileCount ?? 0, bytes: 0, estimatedBytes: 0 });
    try {
      const area = await work({
        cache: await openAreaCache(owner),
        owner,
        fetch: fetchTile,
        extraUrls: source.extraUrls,
        extrasCache: await openMapStartCache(),
        signal: controller.signal,
        onProgress: setProgress,
      });
      setMessage(
        `Saved ${area.tileCount.toLocaleString('en')} tiles (${megabytes(area.bytes)}) for offline use`,
      );
    } catch (error) {
      setMessage(
        controller.signal.aborted
          ? 'Download cancelled'
          : error instanceof Error
            ? error.message
            : 'The map area could not be saved',
      );
    } finally {
      abort.current = null;
      setProgress(null);
      refreshAreas();
    }
  }

  const save = () =>
    void run((options) =>
      downloadArea(
        {
          bboxes: choice.bboxes,
          minZoom: firstZoom,
          maxZoom: lastZoom,
          templates: source?.templates ?? [],
          kind: source?.kind ?? 'raster',
        },
        options,
      ),
    );

  const tooMany = plan !== null && plan.tileCount > maxTilesPerArea;
  return (
    <ModalDialog title={choice.title} onClose={onClose}>
      {source === undefined && <p role="status">Reading the map…</p>}
      {source === null && (
        <p role="alert">
          This map cannot be saved for offline use: only the server’s own base map can.
        </p>
      )}
      {source && plan && (
        <form
          className="save-area"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <label>
            From zoom{' '}
            <input
              type="number"
              min={0}
              max={maxZoom}
              value={minZoom}
              disabled={progress !== null}
              onChange={(event) => setMinZoom(Number(event.target.value))}
            />
          </label>{' '}
          <label>
            to zoom{' '}
            <input
              type="number"
              min={minZoom}
              max={20}
              value={maxZoom}
              disabled={progress !== null}
              onChange={(event) => setMaxZoom(Number(event.target.value))}
            />
          </label>
          {onDrawRectangle && (
            <p className="save-area-extent">
              {choice.drawn ? 'The rectangle you drew' : 'The visible area of the map'}{' '}
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={progress !== null}
                onClick={onDrawRectangle}
              >
                {choice.drawn ? 'Draw again' : 'Draw a rectangle instead'}
              </button>
            </p>
          )}
          <p data-testid="area-plan">
            {plan.tileCount.toLocaleString('en')} tiles, about {megabytes(plan.estimatedBytes)}
          </p>
          {tooMany && (
            <p role="alert">
              At most {maxTilesPerArea.toLocaleString('en')} tiles can be saved at once. Zoom in or
              lower the highest zoom.
            </p>
          )}
          {progress ? (
            <>
              <progress
                aria-label="Saving the map area"
                max={progress.total}
                value={progress.done}
              />
              <p role="status">
                {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')} tiles
              </p>
              <button type="button" onClick={() => abort.current?.abort()}>
                Cancel
              </button>
            </>
          ) : (
            <button type="submit" className="button-primary" disabled={tooMany || !owner}>
              Download
            </button>
          )}
        </form>
      )}
      {message && <p role="status">{message}</p>}
      {areas.length > 0 && owner !== null && (
        <section aria-label="Saved map areas">
          <h3>Saved map areas</h3>
          <p className="saved-areas-owner">
            Saved on this device by {user?.email || user?.name || 'you'}; removed when you sign out.
          </p>
          <ul className="saved-areas">
            {areas.map((area) => (
              <li key={area.id}>
                {area.tileCount.toLocaleString('en')} tiles, {megabytes(area.bytes)}, saved{' '}
                {new Date(area.savedAt).toLocaleDateString()}{' '}
                <button
                  type="button"
                  disabled={progress !== null || !source}
                  onClick={() =>
                    void run((options) => updateArea(area, source?.kind ?? 'raster', options))
                  }
                >
                  Update
                </button>{' '}
                <button
                  type="button"
                  disabled={progress !== null}
                  onClick={() =>
                    void openAreaCache(owner)
                      .then((cache) => deleteArea(cache, owner, area.id))
                      .then(refreshAreas)
                  }
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </ModalDialog>
  );
}
