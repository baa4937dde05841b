import { useEffect, useLayoutEffect, useRef } from 'react';

/** How many frames a fallback may take to appear (an empty journal's card comes a render later). */
const fallbackFrames = 10;

const shown = (element: HTMLElement) =>
  element.isConnected && getComputedStyle(element).visibility !== 'hidden';

const focusLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Keyboard and screen reader (issue 32 item 9): when the spot panel closes, focus goes back to
 * what opened it (a marker, a search result), or, when that is gone (the spot was deleted, the
 * add bar closed), to the first shown of `fallbacks`, never to the page's body. Focus a click
 * put elsewhere stays there.
 */
export function useReturnFocus(open: boolean, fallbacks: () => HTMLElement[]): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  const fallbackRef = useRef(fallbacks);
  useEffect(() => {
    fallbackRef.current = fallbacks;
  }, [fallbacks]);

  // Before the panel's own effects move focus into it.
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
  }, [open]);

  useEffect(() => {
    const closed = !open && wasOpen.current;
    wasOpen.current = open;
    if (!closed) return;
    const back = opener.current;
    opener.current = null;
    if (back && shown(back)) {
      if (focusLost()) back.focus({ preventScroll: true });
      return;
    }
    let frame = 0;
    let request = 0;
    const tryFallback = () => {
      if (!focusLost()) return;
      const target = fallbackRef.current().find(shown);
      if (target) target.focus({ preventScroll: true });
      else if (++frame < fallbackFrames) request = requestAnimationFrame(tryFallback);
    };
    tryFallback();
    return () => cancelAnimationFrame(request);
  }, [open]);
}
