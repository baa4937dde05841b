import type { Location } from '@fj/contract/locations';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState, type RefObject } from 'react';
import MapGL, {
  Marker,
  NavigationControl,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import type { StyleSpecification } from 'maplibre-gl';
import type { LatLng } from '../../lib/geo.ts';
import type { MarkerLibrary } from '../../lib/maps/marker-library.ts';
import type { PlaceResult } from '../../lib/maps/places-library.ts';
import { useBaseLayer, useMapLibrary } from '../../lib/maps/use-maps.ts';
import { useElapsed } from '../../lib/ui/use-elapsed.ts';
import '../../styles/map.css';
import { ClusterMarkers } from './cluster-markers.tsx';
import { LayerSwitcher } from './layer-switcher.tsx';
import { MapActions } from './map-actions.tsx';
import { OfflineAreaButtons } from './offline-area-buttons.tsx';
import { PatchDrawingLayer, type PatchDrawing } from './patch-drawing.tsx';
import { PlaceSearch } from './place-search.tsx';
import { pointLayerId, SpotLayers, spotsSourceId } from './spot-layers.tsx';
import { useBaseStyle } from './use-base-style.ts';
import { drawFirstWhenSettled, firstPixelRatio } from './pixel-ratio.ts';

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

const detailZoom = 15;
/**
 * The longest the map waits for the spots before it shows the world without them: a slow
 * server should not keep the map away. Drawing the world first, then the spots, then jumping
 * to them costs several frames more (docs/architecture.md, "The map's canvas").
 */
export const spotsWaitMs = 1000;
const worldView = { longitude: 10, latitude: 30, zoom: 1.6 };

function boundsOf(locations: readonly Location[]): [number, number, number, number] | null {
  if (locations.length === 0) return null;
  const lngs = locations.map((l) => l.position.lng);
  const lats = locations.map((l) => l.position.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

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

  useEffect(() => {
    const location = latest.current.locations.find((item) => item.id === selectedId);
    if (location && ready) flyTo(location.position);
  }, [selectedId, ready]);

  function pickPlace(result: PlaceResult) {
    if (result.locationId) onSelectLocation(result.locationId);
    else flyTo({ lat: result.lat, lng: result.lng }, 14);
  }

  return (
    <div className="map-view" data-adding={adding} data-drawing={drawing !== null}>
      {style && maplibre && (spotsKnown || waitedForSpots) && (
        <SpotMap
          mapRef={mapRef}
          maplibre={maplibre}
          style={style}
          locations={locations}
          selectedId={selectedId}
          onSelectLocation={onSelectLocation}
          adding={adding}
          onMapClick={onMapClick}
          pendingPosition={pendingPosition}
          userPosition={userPosition}
          drawing={drawing}
          ready={ready}
          onReady={() => setReady(true)}
          onError={onTileError}
          onNoWebGL={onNoWebGL}
        />
      )}
      {/* Until the canvas shows its first settled frame (drawFirstWhenSettled): map.css hides
          it then, without a render of the map's React tree. */}
      <div className="map-waiting" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the map…
      </div>
      {!drawing && (
        <>
          <div className="map-top">
            <PlaceSearch locations={locations} onPick={pickPlace} />
            <LayerSwitcher value={layer} onChange={setLayer} />
          </div>
          {adding && (
            <p className="map-hint" role="status">
              Tap the map where you found something
            </p>
          )}
          {ready && <OfflineAreaButtons mapRef={mapRef} locations={locations} />}
          <MapActions
            adding={adding}
            onAddingChange={onAddingChange}
            onPosition={(position) => {
              flyTo(position, 16);
              onUserPosition(position);
            }}
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

interface SpotMapProps extends Pick<
  MapViewProps,
  | 'locations'
  | 'selectedId'
  | 'onSelectLocation'
  | 'adding'
  | 'onMapClick'
  | 'pendingPosition'
  | 'userPosition'
  | 'drawing'
> {
  mapRef: RefObject<MapRef | null>;
  maplibre: MarkerLibrary;
  style: StyleSpecification;
  ready: boolean;
  onReady(): void;
  /** A tile of the style failed, from the source named. */
  onError(sourceId: string | undefined): void;
  /** MapLibre could not make its WebGL 2 context. */
  onNoWebGL(): void;
}

/**
 * The MapLibre map itself, made once the library and the style are there. It opens on the
 * spots known at that moment, so a journal that arrived first is drawn once, in place, rather
 * than over the whole world and then again where the spots are.
 */
function SpotMap({
  mapRef,
  maplibre,
  style,
  locations,
  selectedId,
  onSelectLocation,
  adding,
  onMapClick,
  pendingPosition,
  userPosition,
  drawing,
  ready,
  onReady,
  onError,
  onNoWebGL,
}: SpotMapProps) {
  const [hovering, setHovering] = useState(false);
  const [initialViewState] = useState(() => {
    const bounds = boundsOf(locations);
    return bounds ? { bounds, fitBoundsOptions: { padding: 64, maxZoom: detailZoom } } : worldView;
  });

  const [pixelRatio] = useState(() => firstPixelRatio(window.devicePixelRatio));

  // Spots that arrive after the map (a slow first fetch) are brought into view once.
  const fitted = useRef(locations.length > 0);
  useEffect(() => {
    const bounds = boundsOf(locations);
    if (fitted.current || !bounds || !ready || !mapRef.current) return;
    fitted.current = true;
    mapRef.current.fitBounds(bounds, { padding: 64, maxZoom: detailZoom, duration: 0 });
  }, [locations, ready, mapRef]);

  function handleClick(event: MapLayerMouseEvent) {
    if (drawing) return;
    // Clicks on HTML markers and controls bubble through the map container; only the canvas counts.
    if (!(event.originalEvent.target instanceof HTMLCanvasElement)) return;
    const spotId: unknown = event.features?.[0]?.properties.id;
    if (!adding && typeof spotId === 'string') return onSelectLocation(spotId);
    if (adding) onMapClick({ lat: event.lngLat.lat, lng: event.lngLat.lng });
  }

  return (
    <MapGL
      ref={mapRef}
      mapLib={maplibre}
      mapStyle={style}
      styleDiffing={false}
      pixelRatio={pixelRatio}
      initialViewState={initialViewState}
      interactiveLayerIds={drawing ? [] : [pointLayerId]}
      cursor={adding ? 'crosshair' : hovering ? 'pointer' : 'grab'}
      onLoad={(event) => {
        // At 'load', before the first 'idle': an effect after this render could come too late.
        // The spots' source is added just after the style has loaded (SpotLayers): an idle
        // before that is the background alone.
        const map = event.target;
        drawFirstWhenSettled(
          map,
          () => window.devicePixelRatio,
          () => map.getSource(spotsSourceId) !== undefined,
        );
        onReady();
      }}
      onClick={handleClick}
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onError={(event) => {
        if (event.error instanceof maplibre.GPUInitializationError) return onNoWebGL();
        onError('sourceId' in event ? String(event.sourceId) : undefined);
      }}
      attributionControl={{ compact: true }}
      dragRotate={false}
      pitchWithRotate={false}
      touchPitch={false}
      style={{ position: 'absolute', inset: 0 }}
    >
      <NavigationControl position="bottom-right" showCompass={false} />
      <SpotLayers locations={locations} selectedId={selectedId} />
      <ClusterMarkers total={locations.length} />
      {userPosition && (
        <Marker longitude={userPosition.lng} latitude={userPosition.lat}>
          <span className="map-you" role="img" aria-label="Your position" />
        </Marker>
      )}
      {pendingPosition && (
        <Marker longitude={pendingPosition.lng} latitude={pendingPosition.lat} anchor="bottom">
          <span className="map-pending-pin" role="img" aria-label="New spot" />
        </Marker>
      )}
      {drawing && <PatchDrawingLayer drawing={drawing} />}
    </MapGL>
  );
}
