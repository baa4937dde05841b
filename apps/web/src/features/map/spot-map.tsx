import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import MapGL, {
  Marker,
  ScaleControl,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import type { StyleSpecification } from 'maplibre-gl';
import type { MarkerLibrary } from '../../lib/maps/marker-library.ts';
import { ClusterMarkers } from './cluster-markers.tsx';
import type { MapViewProps } from './map-view.tsx';
import { PatchDrawingLayer } from './patch-drawing.tsx';
import { drawFirstWhenSettled, firstPixelRatio } from './pixel-ratio.ts';
import { SharedLayer } from './shared-layer.tsx';
import type { SharedLayerState } from './shared-menu.tsx';
import { pointLayerId, SpotLayers, spotsSourceId } from './spot-layers.tsx';
import { spotLooks } from './spot-look.ts';
import { boundsOf, startView, storedView, storeView, worldView } from './start-view.ts';
import { useStartOnPosition } from './use-start-on-position.ts';
import { startOnSpot } from './spot-view.ts';

export const detailZoom = 15;
export interface SpotMapProps extends Pick<
  MapViewProps,
  | 'locations'
  | 'selectedId'
  | 'highlightId'
  | 'onSelectLocation'
  | 'adding'
  | 'onMapClick'
  | 'pendingPosition'
  | 'userPosition'
  | 'onUserPosition'
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
  /** The search layer's matches, the rest drawn faint; null without a search layer. */
  lit: ReadonlySet<string> | null;
  /** What others share with the user (shared-layer.tsx). */
  shared: SharedLayerState;
}

/**
 * The MapLibre map itself, made once the library and the style are there. It opens on the
 * spots known at that moment, so a journal that arrived first is drawn once, in place, rather
 * than over the whole world and then again where the spots are.
 */
export function SpotMap({
  mapRef,
  maplibre,
  style,
  locations,
  selectedId,
  highlightId,
  onSelectLocation,
  adding,
  onMapClick,
  pendingPosition,
  userPosition,
  onUserPosition,
  drawing,
  ready,
  onReady,
  onError,
  onNoWebGL,
  lit,
  shared,
}: SpotMapProps) {
  const [hovering, setHovering] = useState(false);
  const [start] = useState(() => {
    const opened = locations.find((location) => location.id === selectedId);
    const stored = storedView();
    return opened ? startOnSpot(opened, stored?.zoom ?? null) : startView(locations, stored);
  });
  const initialViewState =
    start.kind === 'view'
      ? start.view
      : start.kind === 'bounds'
        ? { bounds: start.bounds, fitBoundsOptions: { padding: 64, maxZoom: detailZoom } }
        : worldView;
  // A new user, location allowed: their surroundings rather than the world.
  useStartOnPosition(start.kind === 'position' && ready, mapRef, onUserPosition);

  const looks = useMemo(() => spotLooks(locations), [locations]);
  const [pixelRatio] = useState(() => firstPixelRatio(window.devicePixelRatio));

  // Spots that arrive after the map (a slow first fetch) are brought into view once.
  const fitted = useRef(start.kind !== 'position');
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
        // before that is the background alone; a frame before it has loaded lacks the spots.
        const map = event.target;
        drawFirstWhenSettled(
          map,
          () => window.devicePixelRatio,
          () => map.getSource(spotsSourceId) !== undefined && map.isSourceLoaded(spotsSourceId),
        );
        onReady();
      }}
      onClick={handleClick}
      onMoveEnd={(event) => {
        const centre = event.target.getCenter();
        storeView({ lat: centre.lat, lng: centre.lng }, event.target.getZoom());
      }}
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
      <ScaleControl position="bottom-left" maxWidth={96} />
      <SpotLayers locations={locations} selectedId={selectedId} lit={lit} />
      {shared.shown && (
        <SharedLayer grants={shared.grants} openId={shared.openId} onOpen={shared.setOpenId} />
      )}
      <ClusterMarkers
        searching={lit !== null}
        total={locations.length}
        spotLook={(id) => looks.get(id)}
        selectedId={selectedId}
        highlightId={highlightId ?? null}
        onSelect={onSelectLocation}
      />
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
