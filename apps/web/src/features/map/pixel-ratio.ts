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

/**
 * The longest the canvas stays hidden while the map comes together (`drawFirstWhenSettled`):
 * tiles from a slow network should not keep the map away.
 */
export const hiddenAtMostMs = 1000;

/** Set on the canvas once it is shown; map.css hides the canvas until then. */
export const shownAttribute = 'data-shown';

/**
 * The User Timing mark (`performance.mark`) of the moment the user sees their spots: the first
 * frame of the shown canvas with `complete()` true, what Lighthouse and the bench report beside
 * LCP. A journal with no spots gets it once the empty spots source has loaded on a shown canvas.
 */
export const spotsVisibleMark = 'fj:spots-visible';

/**
 * Calls `then` once the GPU has carried out every drawing command given so far to the canvas's
 * WebGL 2 context (MapLibre's own: a canvas has one), asking without waiting; at once without
 * WebGL 2. Showing the canvas before that would make the page wait for the GPU's backlog
 * (software WebGL draws in another process, on the CPU).
 */
export function afterGpu(canvas: HTMLCanvasElement, then: () => void): void {
  const gl = canvas.getContext('webgl2');
  const fence = gl?.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!gl || !fence) return then();
  gl.flush();
  const poll = () => {
    // The status only changes between tasks (WebGL 2): polled on a timer, it never blocks.
    if (gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) return void setTimeout(poll, 8);
    gl.deleteSync(fence);
    then();
  };
  setTimeout(poll, 0);
}

type FirstDrawMap = Pick<
  MapLibreMap,
  'once' | 'on' | 'off' | 'getPixelRatio' | 'setPixelRatio' | 'getCanvas'
>;

/**
 * The map's first draw, for a map made with `pixelRatio: firstPixelRatio(…)` and not idle yet
 * (call it from the map's `load`): the canvas stays hidden (map.css; the map's background
 * colour shows) until the map is idle with `complete()` true (what it must show is there),
 * drawn once more at the screen's density, and that frame is through the GPU (`afterGpu`);
 * at most `hiddenAtMostMs`. It is shown with the frame it last drew. From then on the density
 * follows the screen's when it changes (browser zoom, another screen: the map resizes then).
 *
 * Why hidden: on a device without a GPU (Chromium with --disable-gpu, as Lighthouse and the
 * browser tests run) every frame of a shown WebGL canvas is read back to the page, which
 * waits for it; a hidden canvas's frames are not. So the 4–6 frames MapLibre draws before it
 * settles (the style, each tile of spots) do not block it at all when the GPU has drawn them
 * before the canvas is shown, and the first picture shown is the finished one. The listeners
 * and the timer go with the map.
 *
 * `spotsVisibleMark` is set when the canvas is shown with `complete()` true, or, when the timer
 * showed it before that (slow tiles), at the first frame drawn afterwards with `complete()` true.
 */
export function drawFirstWhenSettled(
  map: FirstDrawMap,
  deviceRatio: () => number,
  complete: () => boolean,
): void {
  let shown = false;
  const drawnComplete = () => {
    if (!complete()) return;
    map.off('render', drawnComplete);
    performance.mark(spotsVisibleMark);
  };
  const show = (drawn: boolean) => {
    if (shown) return;
    shown = true;
    clearTimeout(timer);
    // No new frame: the canvas shows the last one drawn, and one more would be read back again.
    map.getCanvas().setAttribute(shownAttribute, '');
    // Complete already: the frame shown has the spots, or the next does (a map at rest draws
    // no more frames to wait for).
    if (drawn || complete()) performance.mark(spotsVisibleMark);
    else map.on('render', drawnComplete);
  };
  const timer = setTimeout(() => show(false), hiddenAtMostMs);
  map.once('remove', () => {
    clearTimeout(timer);
    map.off('render', drawnComplete);
  });

  const follow = () => {
    const wanted = settledPixelRatio(deviceRatio());
    // setPixelRatio resizes, which comes back here once with nothing left to change.
    if (map.getPixelRatio() !== wanted) map.setPixelRatio(wanted);
  };
  const settled = () => {
    if (!complete()) return;
    map.off('idle', settled);
    const before = map.getPixelRatio();
    follow();
    map.on('resize', follow);
    // Sharpened: shown after that frame, once idle again; already sharp: shown now.
    const drawnThenShow = () => afterGpu(map.getCanvas(), () => show(true));
    if (map.getPixelRatio() === before) drawnThenShow();
    else map.once('idle', drawnThenShow);
  };
  map.on('idle', settled);
}
