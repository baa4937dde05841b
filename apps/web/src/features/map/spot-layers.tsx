import type { Location } from '@fj/contract/locations';
import { useMemo } from 'react';
import type { ExpressionSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { spotPatches, spotPoints } from './spot-features.ts';

export const spotsSourceId = 'fj-spots';
export const pointLayerId = 'fj-spot-points';
/** The lowest of the spots' own layers: patches, and others' shared spots, go under it. */
export const haloLayerId = 'fj-spot-selected-halo';
/** Patches of every spot appear from this zoom on; the selected one at every zoom. */
const allPatchesMinZoom = 13;
/** Past this zoom spots never cluster, so two finds a few metres apart can both be tapped. */
export const clusterMaxZoom = 15;

interface SpotLayersProps {
  locations: readonly Location[];
  selectedId: string | null;
  /** The search layer's matches (the rest drawn faint); null when no search is shown. */
  lit: ReadonlySet<string> | null;
}

/** How faint a spot outside the search layer is drawn. */
const dimOpacity = 0.3;
const faint = (full: number): ExpressionSpecification => [
  'case',
  ['get', 'dim'],
  full * dimOpacity,
  full,
];

/** The spots and their patches, as MapLibre layers on whichever base style is active. */
export function SpotLayers({ locations, selectedId, lit }: SpotLayersProps) {
  const points = useMemo(() => spotPoints(locations, lit), [locations, lit]);
  const patches = useMemo(
    () => spotPatches(locations, selectedId, lit),
    [locations, selectedId, lit],
  );
  return (
    <>
      <Source
        id={spotsSourceId}
        type="geojson"
        data={points}
        cluster
        clusterRadius={48}
        clusterMaxZoom={clusterMaxZoom}
        // How many spots of a cluster the search layer lights (cluster-markers.tsx).
        clusterProperties={{ lit: ['+', ['case', ['get', 'dim'], 0, 1]] }}
      >
        {/* Clusters are drawn as HTML buttons (cluster-markers.tsx): the plain background
            style has no glyphs, so a symbol layer could not print their counts. */}
        <Layer
          id={haloLayerId}
          type="circle"
          filter={['all', ['!', ['has', 'point_count']], ['==', ['get', 'id'], selectedId ?? '']]}
          paint={{
            'circle-radius': 16,
            'circle-color': ['get', 'color'],
            'circle-opacity': 0.25,
            'circle-stroke-width': 2,
            'circle-stroke-color': ['get', 'color'],
          }}
        />
        <Layer
          id={pointLayerId}
          type="circle"
          filter={['!', ['has', 'point_count']]}
          paint={{
            'circle-radius': ['case', ['==', ['get', 'id'], selectedId ?? ''], 10, 8],
            'circle-color': ['get', 'color'],
            'circle-opacity': faint(1),
            'circle-stroke-width': 2.5,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-opacity': faint(1),
          }}
        />
      </Source>
      {/* No source at all while no spot has a patch: an empty one still costs its tiles. Its
          layers go under the spots' (beforeId), whichever was added first. */}
      {patches.features.length > 0 && (
        <Source id="fj-patches" type="geojson" data={patches}>
          <Layer
            id="fj-patches-fill"
            beforeId={haloLayerId}
            type="fill"
            minzoom={allPatchesMinZoom}
            filter={['!', ['get', 'selected']]}
            paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': faint(0.18) }}
          />
          <Layer
            id="fj-patches-line"
            beforeId={haloLayerId}
            type="line"
            minzoom={allPatchesMinZoom}
            filter={['!', ['get', 'selected']]}
            paint={{
              'line-color': ['get', 'color'],
              'line-width': 1.5,
              'line-opacity': faint(0.8),
            }}
          />
          <Layer
            id="fj-patch-selected-fill"
            beforeId={haloLayerId}
            type="fill"
            filter={['get', 'selected']}
            paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': 0.3 }}
          />
          <Layer
            id="fj-patch-selected-line"
            beforeId={haloLayerId}
            type="line"
            filter={['get', 'selected']}
            paint={{ 'line-color': ['get', 'color'], 'line-width': 3 }}
          />
        </Source>
      )}
    </>
  );
}
