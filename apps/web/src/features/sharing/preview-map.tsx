import type { SharedLocation } from '@fj/contract/sharing';
import type { StyleSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import MapGL, { Layer, Source } from 'react-map-gl/maplibre';
import { useMapLibrary, useStreetsStyle } from '../../lib/maps/use-maps.ts';
import { sharedBounds, sharedColor, sharedFeatures } from '../../lib/sharing/shared-features.ts';
import 'maplibre-gl/dist/maplibre-gl.css';

/** Without the streets style (offline, not set up), the shaded squares over a plain ground. */
const plain: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#e8eadf' } }],
};

/**
 * The preview's map: what a viewer's map would draw of these spots, the squares shaded and a
 * point only at `exact`. Still (no panning): it is a picture, and keeps Tab for the form.
 */
export function PreviewMap({ locations }: { locations: readonly SharedLocation[] }) {
  const maplibre = useMapLibrary('marker');
  const streets = useStreetsStyle();
  const features = useMemo(() => sharedFeatures([{ from: '', locations }]), [locations]);
  const bounds = sharedBounds(features);
  if (!bounds)
    return <p className="share-preview-note">The map shows nothing: the place is hidden.</p>;
  if (!maplibre || streets === null) return <div className="share-preview-map" aria-busy="true" />;
  return (
    <div
      className="share-preview-map"
      role="img"
      aria-label="Map of the shared spots as the viewer will see them"
    >
      <MapGL
        key={bounds.join()}
        mapLib={maplibre}
        mapStyle={streets.style ?? plain}
        initialViewState={{ bounds, fitBoundsOptions: { padding: 24, maxZoom: 15 } }}
        interactive={false}
        attributionControl={{ compact: true }}
        style={{ position: 'absolute', inset: 0 }}
      >
        <Source id="fj-preview-areas" type="geojson" data={features.areas}>
          <Layer
            id="fj-preview-fill"
            type="fill"
            paint={{ 'fill-color': sharedColor, 'fill-opacity': 0.25 }}
          />
          <Layer
            id="fj-preview-line"
            type="line"
            paint={{ 'line-color': sharedColor, 'line-width': 2 }}
          />
        </Source>
        <Source id="fj-preview-points" type="geojson" data={features.points}>
          <Layer
            id="fj-preview-point"
            type="circle"
            paint={{
              'circle-radius': 7,
              'circle-color': sharedColor,
              'circle-stroke-width': 2,
              'circle-stroke-color': '#ffffff',
            }}
          />
        </Source>
      </MapGL>
    </div>
  );
}
