import type { Map as MapLibreMap } from 'maplibre-gl';

/** The sharpest the map draws: past 2 a phone's screen shows no more, and pays for every pixel. */
export const maxPixelRatio = 2;

/**
 * What the canvas starts at: one pixel per CSS pixel. Until the map first settles it draws
 * several frames in a row (the style, then each tile of spots as it arrives); fewer pixels make
 * each cheaper for the device, whose CPU draws them when it has no GPU for WebGL.
 */
export const firstPixelRatio = (deviceRatio: number) => Math.min(deviceRatio, 1);

/** What the canvas draws at once settled: the screen's own density, at most `maxPixelRatio`. */
export const settledPixelRatio = (deviceRatio: number) => Math.min(deviceRatio, maxPixelRatio);

/** Set on the canvas once the map has loaded: map.css hides the canvas and its status till then. */
export const shownAttribute = 'data-shown';

/**
 * The User Timing mark (`performance.mark`) of the moment the user sees their spots: the first
 * frame drawn with `complete()` true, what Lighthouse and the bench report beside
 * LCP. A journal with no spots gets it once the empty spots source has loaded.
 */
export const spotsVisibleMark = 'fj:spots-visible';

type FirstDrawMap = Pick<
  MapLibreMap,
  'once' | 'on' | 'off' | 'getPixelRatio' | 'setPixelRatio' | 'getCanvas'
>;

/**
 * The map's first draw, for a map made with `pixelRatio: firstPixelRatio(…)` and not idle yet
 * (call it from the map's `load`): the canvas is shown at once, and drawn at the screen's
 * density once the map is first idle with `complete()` true (what it must show is there). From
 * then on the density follows the screen's when it changes (browser zoom, another screen: the
 * map resizes then). `spotsVisibleMark` is set at the first frame drawn with `complete()` true.
 *
 * Not hidden until settled: a hidden canvas spared the page software WebGL's read-backs (a
 * better Lighthouse TBT) but showed the spots 0.3–0.5 s later (web bench README).
 */
export function drawFirstWhenSettled(
  map: FirstDrawMap,
  deviceRatio: () => number,
  complete: () => boolean,
): void {
  map.getCanvas().setAttribute(shownAttribute, '');
  const drawnComplete = () => {
    if (!complete()) return;
    map.off('render', drawnComplete);
    performance.mark(spotsVisibleMark);
  };
  // MapLibre's own `load` comes just after the frame that finished loading everything: that
  // frame has the spots, and a map at rest draws no other.
  if (complete()) performance.mark(spotsVisibleMark);
  else map.on('render', drawnComplete);
  map.once('remove', () => map.off('render', drawnComplete));

  const follow = () => {
    const wanted = settledPixelRatio(deviceRatio());
    // setPixelRatio resizes, which comes back here once with nothing left to change.
    if (map.getPixelRatio() !== wanted) map.setPixelRatio(wanted);
  };
  const settled = () => {
    if (!complete()) return;
    map.off('idle', settled);
    follow();
    map.on('resize', follow);
  };
  map.on('idle', settled);
}
