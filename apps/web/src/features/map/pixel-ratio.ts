import type { Map as MapLibreMap } from 'maplibre-gl';

/** The sharpest the map draws: past 2 a phone's screen shows no more, and pays for every pixel. */
export const maxPixelRatio = 2;

/**
 * What the map's canvas starts at: one pixel per CSS pixel. Until the map first settles it
 * draws several frames in a row (the style, then each tile of spots as it arrives), and every
 * one of them costs in proportion to its pixels: 3 times fewer of them at a phone's 1.75, 4 at
 * 2, while the map is still coming together. On a device without a GPU that draws WebGL in
 * software (and hands each frame back to the page to composite) those frames block the page.
 */
export const firstPixelRatio = (deviceRatio: number) => Math.min(deviceRatio, 1);

/** What the canvas draws at once settled: the screen's own density, at most `maxPixelRatio`. */
export const settledPixelRatio = (deviceRatio: number) => Math.min(deviceRatio, maxPixelRatio);

type RatioMap = Pick<MapLibreMap, 'once' | 'on' | 'getPixelRatio' | 'setPixelRatio'>;

/**
 * Draws `map` (made with `pixelRatio: firstPixelRatio(…)`, and not idle yet: call it from the
 * map's `load`) at the screen's density from the first time it is idle on, with one more
 * frame, and follows the density when it changes later (browser zoom, another screen: the map
 * resizes then). The listeners go with the map.
 */
export function sharpenWhenSettled(map: RatioMap, deviceRatio: () => number): void {
  const follow = () => {
    const wanted = settledPixelRatio(deviceRatio());
    // setPixelRatio resizes, which comes back here once with nothing left to change.
    if (map.getPixelRatio() !== wanted) map.setPixelRatio(wanted);
  };
  map.once('idle', () => {
    follow();
    map.on('resize', follow);
  });
}
