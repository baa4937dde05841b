import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState, type CSSProperties } from 'react';
import { Marker, useMap } from 'react-map-gl/maplibre';
import { firstScreenDrawn } from '../../lib/offline/first-screen.ts';
import { spotsSourceId } from './spot-layers.tsx';
import type { SpotLook } from './spot-look.ts';

interface Cluster {
  id: number;
  count: number;
  /** Its spots among the search layer's matches (all of them when no search is shown). */
  lit: number;
  lng: number;
  lat: number;
}

interface Single {
  id: string;
  dim: boolean;
  lng: number;
  lat: number;
}

interface Rendered {
  clusters: Cluster[];
  /** Spots drawn alone, up to `maxSpotButtons`; none when more are in view. */
  singles: Single[];
  /** Every spot the source currently draws, inside clusters or alone. */
  spots: number;
}

/** What the clustered source draws now; tiles overlap, so features are deduplicated. */
function readRendered(map: MapLibreMap): Rendered {
  if (!map.getSource(spotsSourceId)) return { clusters: [], singles: [], spots: 0 };
  const clusters = new Map<number, Cluster>();
  const singles = new Map<string, Single>();
  for (const feature of map.querySourceFeatures(spotsSourceId)) {
    const props = feature.properties;
    if (feature.geometry.type !== 'Point') continue;
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    if (typeof props.cluster_id === 'number' && typeof props.point_count === 'number') {
      const count = props.point_count;
      const lit = typeof props.lit === 'number' ? props.lit : count;
      clusters.set(props.cluster_id, { id: props.cluster_id, count, lit, lng, lat });
    } else if (typeof props.id === 'string')
      singles.set(props.id, { id: props.id, dim: props.dim === true, lng, lat });
  }
  const list = [...clusters.values()];
  return {
    clusters: list,
    singles: singles.size <= maxSpotButtons ? [...singles.values()] : [],
    spots: list.reduce((sum, c) => sum + c.count, 0) + singles.size,
  };
}

/**
 * Spots alone in view get an HTML button each (focusable, named, with their category's icon);
 * past this many the circles of spot-layers.tsx are enough and cheaper.
 */
const maxSpotButtons = 150;

const sameRendered = (a: Rendered, b: Rendered) =>
  a.spots === b.spots &&
  a.singles.length === b.singles.length &&
  a.singles.every((spot, i) => spot.id === b.singles[i]?.id && spot.dim === b.singles[i]?.dim) &&
  a.clusters.length === b.clusters.length &&
  a.clusters.every(
    (c, i) =>
      c.id === b.clusters[i]?.id &&
      c.count === b.clusters[i]?.count &&
      c.lit === b.clusters[i]?.lit,
  );

/**
 * Cluster bubbles as HTML buttons (focusable, labelled, zoom in on Enter or click), and a
 * live region saying how many spots the map shows, which assistive tech and the e2e read.
 */
interface ClusterMarkersProps {
  total: number;
  /** What a spot button shows: its name, and its first category's colour and icon. */
  spotLook(id: string): SpotLook | undefined;
  selectedId: string | null;
  /** The spot whose row the list points at: drawn like the selected one. */
  highlightId: string | null;
  onSelect(id: string): void;
  /** Whether a search layer is shown: clusters then say how many of theirs match. */
  searching: boolean;
}

export function ClusterMarkers(props: ClusterMarkersProps) {
  const { total, spotLook, selectedId, highlightId, onSelect, searching } = props;
  const { current } = useMap();
  const [rendered, setRendered] = useState<Rendered>({ clusters: [], singles: [], spots: 0 });

  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const update = () =>
      setRendered((previous) => {
        const next = readRendered(map);
        return sameRendered(previous, next) ? previous : next;
      });
    const onData = (event: { sourceId?: string }) => {
      if (event.sourceId === spotsSourceId) update();
    };
    map.on('moveend', update);
    map.on('sourcedata', onData);
    map.on('idle', update);
    update();
    return () => {
      map.off('moveend', update);
      map.off('sourcedata', onData);
      map.off('idle', update);
    };
  }, [current]);

  // Every spot drawn: the local copy's large first write may start (lib/offline/first-screen.ts).
  useEffect(() => {
    if (total > 0 && rendered.spots === total) firstScreenDrawn();
  }, [rendered.spots, total]);

  async function zoomInto(cluster: Cluster) {
    const map = current?.getMap();
    const source = map?.getSource<GeoJSONSource>(spotsSourceId);
    if (!map || !source) return;
    const zoom = await source.getClusterExpansionZoom(cluster.id);
    map.easeTo({ center: [cluster.lng, cluster.lat], zoom: Math.min(zoom + 0.5, 18) });
  }

  return (
    <>
      {rendered.clusters.map((cluster) => (
        <Marker key={cluster.id} longitude={cluster.lng} latitude={cluster.lat} anchor="center">
          <button
            type="button"
            className="map-cluster"
            data-size={cluster.count < 10 ? 's' : cluster.count < 100 ? 'm' : 'l'}
            data-dim={searching && cluster.lit === 0}
            data-lit={searching && cluster.lit > 0 ? cluster.lit : undefined}
            aria-label={`${cluster.count} spots here${searching ? `, ${cluster.lit} matching` : ''}, zoom in`}
            onClick={(event) => {
              event.stopPropagation();
              void zoomInto(cluster);
            }}
          >
            {cluster.count}
          </button>
        </Marker>
      ))}
      {rendered.singles.map((spot) => {
        const look = spotLook(spot.id);
        if (!look) return null;
        return (
          <Marker key={spot.id} longitude={spot.lng} latitude={spot.lat} anchor="center">
            <button
              type="button"
              className="map-spot"
              data-selected={spot.id === selectedId}
              data-highlighted={spot.id === highlightId}
              data-dim={spot.dim}
              style={{ '--spot-color': look.color } as CSSProperties}
              aria-label={searching && !spot.dim ? `${look.name} (matches)` : look.name}
              onClick={(event) => {
                event.stopPropagation();
                onSelect(spot.id);
              }}
            >
              <span aria-hidden="true">{look.icon}</span>
            </button>
          </Marker>
        );
      })}
      <p className="visually-hidden" role="status" data-testid="map-spot-count">
        {total === 0
          ? 'No spots on the map yet'
          : `${rendered.spots} ${rendered.spots === 1 ? 'spot' : 'spots'} on the map`}
      </p>
    </>
  );
}
