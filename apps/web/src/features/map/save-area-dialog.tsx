import type { Location } from '@fj/contract/locations';
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
  renameArea,
  updateArea,
  type DownloadProgress,
  type SavedArea,
} from '../../lib/saved-tiles/tile-store.ts';
import type { TileCache } from '../../lib/saved-tiles/area-index.ts';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { defaultAreaName, detailFor, megabytes } from './area-words.ts';
import { SaveAreaForm } from './save-area-form.tsx';
import { SavedAreaList } from './saved-area-list.tsx';

/** What to save: the visible area, or the surroundings of every spot (docs/behaviour.md#saved-map-areas). */
export interface AreaChoice {
  title: string;
  bboxes: Bbox[];
  minZoom: number;
  maxZoom: number;
  /** A rectangle the user drew, rather than the visible area. */
  drawn?: boolean;
  /** The name offered; else the nearest spot's, or the place's (area-words.ts). */
  name?: string;
}

/** Runs `work` on the owner's own cache; nothing without a signed-in user. */
const inCache = (owner: string | null, work: (cache: TileCache) => Promise<unknown>) =>
  owner === null ? Promise.resolve() : openAreaCache(owner).then(work);

const fetchTile = (url: string, init?: { signal?: AbortSignal }) => fetch(url, init);

interface Props {
  choice: AreaChoice;
  /** The user's spots: the nearest one names a new area. */
  locations: readonly Location[];
  onClose(): void;
  /** Offered for a single area: leave the dialog to drag a rectangle on the map instead. */
  onDrawRectangle?: () => void;
}

export function SaveAreaDialog({ choice, locations, onClose, onDrawRectangle }: Props) {
  const { user } = useAuth();
  // Areas are saved for, and listed to, the signed-in user only (lib/saved-tiles/area-owner.ts).
  const owner = user?.uid ?? null;
  const streets = useStreetsStyle();
  const [source, setSource] = useState<AreaSource | null | undefined>(undefined);
  const [maxZoom, setMaxZoom] = useState(() => detailFor(choice.maxZoom));
  const [name, setName] = useState(() => choice.name ?? defaultAreaName(choice.bboxes, locations));
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [areas, setAreas] = useState<SavedArea[]>([]);
  const abort = useRef<AbortController | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!streets) return;
    const style = streets.style;
    void (style ? areaSource(streets.url, style) : Promise.resolve(null)).then(setSource, () =>
      setSource(null),
    );
  }, [streets]);

  const withCache = (work: (cache: TileCache) => Promise<unknown>) => inCache(owner, work);
  const refreshAreas = () =>
    void inCache(owner, (cache) => listAreas(cache, owner ?? '').then(setAreas));
  useEffect(refreshAreas, [owner]);
  useEffect(() => () => abort.current?.abort(), []);

  // Zooms past the source's own are drawn from its last tiles: nothing more to download.
  const lastZoom = source ? Math.min(maxZoom, source.maxZoom) : maxZoom;
  const firstZoom = Math.min(choice.minZoom, lastZoom);
  const request = useMemo(
    () =>
      source
        ? {
            bboxes: choice.bboxes,
            minZoom: firstZoom,
            maxZoom: lastZoom,
            templates: source.templates,
            kind: source.kind,
          }
        : null,
    [source, choice.bboxes, firstZoom, lastZoom],
  );
  const plan = useMemo(() => (request ? planArea(request) : null), [request]);

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
      // "Cancel" is gone with the progress: focus stays in the dialog, on what happened.
      requestAnimationFrame(() => messageRef.current?.focus());
    }
  }

  return (
    <ModalDialog title={choice.title} onClose={onClose} closeButton>
      {source === undefined && <p role="status">Reading the map…</p>}
      {source === null && (
        <p role="alert">
          This map cannot be saved for offline use: only the server’s own base map can.
        </p>
      )}
      {source && plan && request && (
        <SaveAreaForm
          name={name}
          onName={setName}
          maxZoom={maxZoom}
          onMaxZoom={setMaxZoom}
          drawn={choice.drawn}
          onDrawRectangle={onDrawRectangle}
          plan={plan}
          progress={progress}
          canSave={owner !== null && plan.tileCount <= maxTilesPerArea}
          onSave={() =>
            void run((options) =>
              downloadArea(request, { ...options, name: name.trim() || 'Saved area' }),
            )
          }
          onCancel={() => abort.current?.abort()}
        />
      )}
      {message && (
        <p ref={messageRef} role="status" tabIndex={-1} className="save-area-message">
          {message}
        </p>
      )}
      {areas.length > 0 && owner !== null && (
        <SavedAreaList
          areas={areas}
          who={user?.email || user?.name || 'you'}
          busy={progress !== null}
          canUpdate={Boolean(source)}
          onRename={(area, newName) =>
            void withCache((cache) => renameArea(cache, owner, area.id, newName)).then(refreshAreas)
          }
          onUpdate={(area) =>
            void run((options) => updateArea(area, source?.kind ?? 'raster', options))
          }
          onDelete={(area) =>
            void withCache((cache) => deleteArea(cache, owner, area.id)).then(refreshAreas)
          }
        />
      )}
    </ModalDialog>
  );
}
