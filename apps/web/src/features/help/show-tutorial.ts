/** Asks the overlay (mounted once in the layout) to open again, e.g. from the Help page. */
export const showTutorialEvent = 'fj:show-tutorial';

export function requestTutorial() {
  window.dispatchEvent(new Event(showTutorialEvent));
}
