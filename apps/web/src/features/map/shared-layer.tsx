import type { SharedGrant } from '@fj/contract/sharing';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { Layer, Marker, Source, useMap } from 'react-map-gl/maplibre';
import { sharedColor, sharedFeatures } from '../../lib/sharing/shared-features.ts';
import { haloLayerId } from './spot-layers.tsx';
import { sharedGroups, untilWords, type SharedItem } from './shared-items.ts';

export const sharedFillLayerId = 'fj-shared-fill';
export const sharedPointLayerId = 'fj-shared-point';

interface Drawn {
  areas: ReadonlySet<string>;
  points: ReadonlySet<string>;
}

const none: Drawn = { areas: new Set(), points: new Set() };

/** Which shared spots the map draws now (in view, at this zoom), by layer. */
function readDrawn(map: MapLibreMap): Drawn {
  const layers = [sharedFillLayerId, sharedPointLayerId].filter((id) => map.getLayer(id));
  if (layers.length === 0) return none;
  const areas = new Set<string>();
  const points = new Set<string>();
  for (const feature of map.queryRenderedFeatures({ layers })) {
    const id: unknown = feature.properties.id;
    if (typeof id !== 'string') continue;
    (feature.layer.id === sharedPointLayerId ? points : areas).add(id);
  }
  return { areas, points };
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((id) => b.has(id));

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface SharedLayerProps {
  grants: readonly SharedGrant[];
  /** The label shown open (its details), by spot id. */
  openId: string | null;
  onOpen(id: string | null): void;
}

/**
 * What others share with the user, as its own layer (docs/behaviour.md#sharing-map), under the
 * user's own spots: a coarse
 * spot is its square shaded, never a point; an exact one its patch and a ring at its position;
 * a hidden one nothing (the Shared menu lists it). Each drawn spot has a label saying whose it
 * is, a button that opens its details; a live region says what the layer draws.
 */
export function SharedLayer({ grants, openId, onOpen }: SharedLayerProps) {
  const { current } = useMap();
  const groups = useMemo(() => sharedGroups(grants), [grants]);
  const features = useMemo(
    () =>
      sharedFeatures(
        grants.map((grant) => ({ from: grant.from.name, locations: grant.locations ?? [] })),
      ),
    [grants],
  );
  const [drawn, setDrawn] = useState<Drawn>(none);

  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const update = () =>
      setDrawn((previous) => {
        const next = readDrawn(map);
        return sameSet(previous.areas, next.areas) && sameSet(previous.points, next.points)
          ? previous
          : next;
      });
    map.on('idle', update);
    map.on('moveend', update);
    update();
    return () => {
      map.off('idle', update);
      map.off('moveend', update);
    };
  }, [current, features]);

  const labelled = groups
    .flatMap((group) => group.items)
    .filter((item) => item.anchor && (drawn.areas.has(item.id) || drawn.points.has(item.id)));

  return (
    <>
      {features.areas.features.length > 0 && (
        <Source id="fj-shared-areas" type="geojson" data={features.areas}>
          <Layer
            id={sharedFillLayerId}
            beforeId={haloLayerId}
            type="fill"
            paint={{
              'fill-color': sharedColor,
              'fill-opacity': ['case', ['get', 'coarse'], 0.16, 0.28],
            }}
          />
          <Layer
            id="fj-shared-line-coarse"
            beforeId={haloLayerId}
            type="line"
            filter={['get', 'coarse']}
            paint={{ 'line-color': sharedColor, 'line-width': 2, 'line-dasharray': [2, 1.5] }}
          />
          <Layer
            id="fj-shared-line-exact"
            beforeId={haloLayerId}
            type="line"
            filter={['!', ['get', 'coarse']]}
            paint={{ 'line-color': sharedColor, 'line-width': 2 }}
          />
        </Source>
      )}
      {features.points.features.length > 0 && (
        <Source id="fj-shared-points" type="geojson" data={features.points}>
          <Layer
            id={sharedPointLayerId}
            beforeId={haloLayerId}
            type="circle"
            paint={{
              'circle-radius': 7,
              'circle-color': '#ffffff',
              'circle-stroke-width': 3.5,
              'circle-stroke-color': sharedColor,
            }}
          />
        </Source>
      )}
      {labelled.map((item) => (
        <SharedLabel
          key={item.id}
          item={item}
          open={openId === item.id}
          onOpen={(open) => onOpen(open ? item.id : null)}
        />
      ))}
      <p className="visually-hidden" role="status" data-testid="map-shared-count">
        {groups.length === 0
          ? ''
          : `Shared with you: ${count(drawn.areas.size, 'area', 'areas')} and ${count(
              drawn.points.size,
              'exact place',
              'exact places',
            )} on the map`}
      </p>
    </>
  );
}

interface SharedLabelProps {
  item: SharedItem;
  open: boolean;
  onOpen(open: boolean): void;
}

/** "from Anna" on a shared spot; pressed, its name, place in words and end. */
function SharedLabel({ item, open, onOpen }: SharedLabelProps) {
  if (!item.anchor) return null;
  const exact = item.precision === 'exact';
  return (
    <Marker
      longitude={item.anchor.lng}
      latitude={item.anchor.lat}
      anchor={exact ? 'top' : 'center'}
      offset={exact ? [0, 12] : [0, 0]}
      style={{ zIndex: open ? 3 : 1 }}
    >
      <div
        className="map-shared"
        data-precision={item.precision}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            onOpen(false);
          }
        }}
      >
        <button
          type="button"
          className="map-shared-label"
          aria-expanded={open}
          aria-label={`${item.name}, from ${item.from}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(!open);
          }}
        >
          from {item.from}
        </button>
        {open && (
          <div className="map-shared-card">
            <strong>{item.name}</strong>
            <span>
              Shared by {item.from}, {untilWords(item.expiresAt)}
            </span>
            <span>{item.place}</span>
          </div>
        )}
      </div>
    </Marker>
  );
}
