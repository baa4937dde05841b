import { useMemo, useState, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { Link } from 'react-router';
import { useJournalStore } from '../../store/journal-store.ts';
import { MapMenuButton } from './map-controls.tsx';
import { sharedGroups, untilWords, type SharedItem } from './shared-items.ts';

/** The shared layer's state: whether it is shown, and which spot's label is open. */
export function useSharedLayer() {
  const grants = useJournalStore((state) => state.sharedWithMe);
  const [shown, setShown] = useState(true);
  const [openId, setOpenId] = useState<string | null>(null);
  return { grants, shown, setShown, openId, setOpenId };
}

export type SharedLayerState = ReturnType<typeof useSharedLayer>;

interface SharedMenuProps {
  layer: SharedLayerState;
  mapRef: RefObject<MapRef | null>;
}

/**
 * "Shared with you" beside the map's other menus, only while someone shares spots with the
 * user: the legend, the layer on or off, and each share's spots under whose they are (a
 * button brings one into view and opens its label; a hidden one is listed, not drawn).
 */
export function SharedMenu({ layer, mapRef }: SharedMenuProps) {
  const { grants, shown, setShown, setOpenId } = layer;
  const groups = useMemo(() => sharedGroups(grants), [grants]);
  const [open, setOpen] = useState(false);
  if (groups.length === 0) return null;

  function show(item: SharedItem) {
    if (!item.bounds) return;
    setOpen(false);
    setShown(true);
    setOpenId(item.id);
    mapRef.current?.fitBounds(item.bounds, { padding: 80, maxZoom: 15, duration: 600 });
  }

  return (
    <MapMenuButton
      label="Shared with you"
      icon="map-icon-shared"
      open={open}
      onOpenChange={setOpen}
    >
      <div className="shared-menu">
        <label className="shared-menu-toggle">
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
          Show shared spots on the map
        </label>
        <p className="shared-menu-legend">
          <span>
            <span className="shared-swatch" data-kind="area" aria-hidden="true" />
            Somewhere in this square
          </span>
          <span>
            <span className="shared-swatch" data-kind="exact" aria-hidden="true" />
            Its exact place
          </span>
        </p>
        {groups.map((group) => (
          <section key={group.grantId} aria-label={`From ${group.from}`}>
            <p className="shared-menu-title">
              From {group.from} <span>{untilWords(group.expiresAt)}</span>
            </p>
            <ul>
              {group.items.map((item) => (
                <li key={item.id}>
                  {item.bounds ? (
                    <button type="button" onClick={() => show(item)}>
                      <span className="shared-menu-name">{item.name}</span>
                      <span>{item.place}</span>
                    </button>
                  ) : (
                    <p>
                      <span className="shared-menu-name">{item.name}</span>
                      <span>Its place is not shared: not on the map</span>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <Link className="link-button" to="/sharing">
          Sharing
        </Link>
      </div>
    </MapMenuButton>
  );
}
