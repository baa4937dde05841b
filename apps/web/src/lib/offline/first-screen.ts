/**
 * The moment the first screen is drawn, which the local copy's large writes wait for
 * (docs/architecture.md#local-copy): a first answer of 10,000 spots written into IndexedDB is
 * 10,000 structured clones on the main thread, and done while MapLibre draws it made the map a
 * second later. The map says when it first went idle; a page without one is given
 * `maxWaitMs`. Leaving the page (hidden, or closed) ends the wait at once, so the write starts
 * while the page is still allowed to run.
 */
/** How long whatever waits for the first screen waits at most (a page without a map). */
export const FIRST_SCREEN_WAIT_MS = 4000;

let markDrawn: () => void = () => undefined;
let drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

/** The map's first `idle` (features/map/map-view.tsx). Later calls change nothing. */
export function firstScreenDrawn(): void {
  markDrawn();
}

/** Resolves once the first screen is drawn, the page is left, or `maxWaitMs` have passed. */
export function afterFirstScreen(maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const hasPage = typeof document !== 'undefined';
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') done();
    };
    const timer = setTimeout(done, maxWaitMs);
    function done() {
      clearTimeout(timer);
      if (hasPage) {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', done);
      }
      resolve();
    }
    void drawn.then(done);
    if (!hasPage) return;
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', done);
    onVisibility();
  });
}

/** Tests: a new page, nothing drawn yet. */
export function resetFirstScreen(): void {
  drawn = new Promise<void>((resolve) => {
    markDrawn = resolve;
  });
}
