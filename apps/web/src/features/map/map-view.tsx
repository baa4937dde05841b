import type { Location } from '@fj/contract/locations';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { LatLng } from '../../lib/geo.ts';
import type { PlaceResult } from '../../lib/maps/places-library.ts';
import { useBaseLayer, useMapLibrary } from '../../lib/maps/use-maps.ts';
import { useElapsed } from '../../lib/ui/use-elapsed.ts';
import '../../styles/map.css';
import '../../styles/map-controls.css';
import '../../styles/map-search.css';
import '../../styles/map-shared.css';
import { LayerSwitcher } from './layer-switcher.tsx';
import { LocateButton } from './locate-button.tsx';
import { MapActions } from './map-actions.tsx';
import { MapMenuButton, ZoomButtons } from './map-controls.tsx';
import { OfflineAreaButtons } from './offline-area-buttons.tsx';
import type { PatchDrawing } from './patch-drawing.tsx';
import { PlaceSearch } from './place-search.tsx';
import { SavedSearchMenu } from './saved-search-menu.tsx';
import { SearchLayerBar, useFitToMatches, useSearchLayer } from './search-layer.tsx';
import { SharedMenu, useSharedLayer } from './shared-menu.tsx';
import { detailZoom, SpotMap } from './spot-map.tsx';
import { spotView } from './spot-view.ts';
import { useBaseStyle } from './use-base-style.ts';

export type { PatchDrawing } from './patch-drawing.tsx';

export interface MapViewProps {
  locations: readonly Location[];
  /**
   * Whether `locations` are the journal rather than a placeholder (the server or the local copy
   * answered, or the fetch failed). The map waits for that, at most `spotsWaitMs`, so that its
   * first frames draw the spots where they are instead of the world, then the spots, then a jump.
   */
  spotsKnown: boolean;
  selectedId: string | null;
  /** A spot pointed at elsewhere (its row in the list): its marker is highlighted too. */
  highlightId?: string | null;
  onSelectLocation(id: string): void;
  /** "Add a spot" mode: the next tap on the map reports its position through onMapClick. */
  adding: boolean;
  onAddingChange(adding: boolean): void;
  onMapClick(position: LatLng): void;
  /** Where the spot being added will go (a pin while the form is open). */
  pendingPosition: LatLng | null;
  userPosition: LatLng | null;
  onUserPosition(position: LatLng): void;
  drawing: PatchDrawing | null;
  /** Pixels at the bottom hidden by a bottom sheet, so flights centre above it. */
  bottomInset?: number;
}

/**
 * The longest the map waits for the spots before it shows the world without them: a slow
 * server should not keep the map away. Drawing the world first, then the spots, then jumping
 * to them costs several frames more (docs/architecture.md, "The map's canvas").
 */
export const spotsWaitMs = 1000;

/**
 * The journal's map: base layers, clustered spots, patches, search, GPS and drawing. Without
 * WebGL 2 (MapLibre cannot make its context) the screen explains instead. MapLibre's own
 * failure tells, rather than a test context made beforehand: that one cost every visitor a
 * second WebGL context, and blocked the page while it was made.
 */
export function MapView(props: MapViewProps) {
  const [webgl, setWebgl] = useState(true);
  if (!webgl)
    return (
      <div className="map-view map-view-unsupported">
        <p className="map-note" role="status">
          This browser cannot draw maps (WebGL is off). Your spots are still listed on the Locations
          page.
        </p>
      </div>
    );
  return <MapCanvas {...props} onNoWebGL={() => setWebgl(false)} />;
}

function MapCanvas({
  locations,
  spotsKnown,
  selectedId,
  highlightId = null,
  onSelectLocation,
  adding,
  onAddingChange,
  onMapClick,
  pendingPosition,
  userPosition,
  onUserPosition,
  drawing,
  bottomInset = 0,
  onNoWebGL,
}: MapViewProps & { onNoWebGL(): void }) {
  const mapRef = useRef<MapRef>(null);
  const maplibre = useMapLibrary('marker');
  const { layer, setLayer } = useBaseLayer();
  const { style, note, onTileError } = useBaseStyle(layer);
  const waitedForSpots = useElapsed(spotsWaitMs);
  // The map instance exists only after MapLibre loads; effects below wait for it.
  const [ready, setReady] = useState(false);
  const { request, setRequest, search, lit } = useSearchLayer(locations);
  useFitToMatches(mapRef, ready, request, search, selectedId);
  const shared = useSharedLayer();
  const [viewBox, setViewBox] = useState<HTMLDivElement | null>(null);
  // Effects and handlers read the newest props without re-running on every change.
  const latest = useRef({ locations, bottomInset });
  useEffect(() => {
    latest.current = { locations, bottomInset };
  });

  function flyTo(position: LatLng, zoom = detailZoom) {
    const map = mapRef.current;
    if (!map) return;
    map.flyTo({
      center: [position.lng, position.lat],
      zoom: Math.max(map.getZoom(), zoom),
      padding: { top: 0, left: 0, right: 0, bottom: latest.current.bottomInset },
      duration: 900,
    });
  }

  // An opened spot is shown with its surroundings: a patch whole, a point at zoom 15–17.
  useEffect(() => {
    const location = latest.current.locations.find((item) => item.id === selectedId);
    const map = mapRef.current;
    if (!location || !ready || !map) return;
    const view = spotView(location, map.getZoom());
    const padding = { top: 64, left: 64, right: 64, bottom: 64 + latest.current.bottomInset };
    if (view.kind === 'bounds')
      map.fitBounds(view.bounds, { padding, maxZoom: view.maxZoom, duration: 900 });
    else
      map.flyTo({
        center: view.center,
        zoom: view.zoom,
        padding: { ...padding, top: 0, left: 0, right: 0, bottom: latest.current.bottomInset },
        duration: 900,
      });
  }, [selectedId, ready]);

  // The new-spot sheet must never cover the pin: it goes to the middle of the map left above it.
  useEffect(() => {
    const map = mapRef.current;
    if (!pendingPosition || !ready || !map) return;
    map.easeTo({
      center: [pendingPosition.lng, pendingPosition.lat],
      padding: { top: 0, left: 0, right: 0, bottom: latest.current.bottomInset },
      duration: 400,
    });
  }, [pendingPosition, ready, bottomInset]);

  function pickPlace(result: PlaceResult) {
    if (result.locationId) onSelectLocation(result.locationId);
    else flyTo({ lat: result.lat, lng: result.lng }, 14);
  }

  function centre(): LatLng | null {
    const centreOfMap = mapRef.current?.getCenter();
    return centreOfMap ? { lat: centreOfMap.lat, lng: centreOfMap.lng } : null;
  }

  return (
    <div ref={setViewBox} className="map-view" data-adding={adding} data-drawing={drawing !== null}>
      {style && maplibre && (spotsKnown || waitedForSpots) && (
        <SpotMap
          mapRef={mapRef}
          maplibre={maplibre}
          style={style}
          locations={locations}
          selectedId={selectedId}
          highlightId={highlightId}
          onSelectLocation={onSelectLocation}
          adding={adding}
          onMapClick={onMapClick}
          pendingPosition={pendingPosition}
          userPosition={userPosition}
          onUserPosition={onUserPosition}
          drawing={drawing}
          ready={ready}
          onReady={() => setReady(true)}
          onError={onTileError}
          onNoWebGL={onNoWebGL}
          lit={lit}
          shared={shared}
        />
      )}
      {/* Until the canvas shows, once the map has loaded (drawFirstWhenSettled): map.css hides
          it then, without a render of the map's React tree. */}
      <div className="map-waiting" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the map…
      </div>
      {/* Where "Place at crosshair" and "Add corner at crosshair" put a point. */}
      {(adding || drawing) && <div className="map-crosshair" aria-hidden="true" />}
      {!drawing && (
        <>
          <div className="map-top">
            <div className="map-top-search">
              <PlaceSearch
                locations={locations}
                onPick={pickPlace}
                onShowAll={(q) => setRequest({ q, extra: [] })}
              />
              <SearchLayerBar
                request={request}
                search={search}
                total={locations.length}
                onRequest={setRequest}
              />
            </div>
          </div>
          <div className="map-controls" role="group" aria-label="Map controls">
            <MapMenuButton label="Map type" icon="map-icon-layers">
              <LayerSwitcher value={layer} onChange={setLayer} />
            </MapMenuButton>
            <SavedSearchMenu request={request} onRequest={setRequest} />
            <SharedMenu layer={shared} mapRef={mapRef} />
            {ready && viewBox && (
              <OfflineAreaButtons mapRef={mapRef} locations={locations} overlayHost={viewBox} />
            )}
            <ZoomButtons
              onZoom={(delta) => mapRef.current?.zoomTo(mapRef.current.getZoom() + delta)}
            />
            <LocateButton
              onPosition={(position) => {
                flyTo(position, 16);
                onUserPosition(position);
              }}
            />
          </div>
          <MapActions
            adding={adding}
            onAddingChange={onAddingChange}
            onPlace={onMapClick}
            centre={centre}
          />
        </>
      )}
      {note && (
        <p className="map-note" role="note">
          {note}
        </p>
      )}
    </div>
  );
}
