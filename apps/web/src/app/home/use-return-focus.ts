import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keyboard and screen reader (issue 32 item 9): when the spot panel closes, focus goes back to
 * what opened it (a marker, a search result), or, when that is gone (the spot was deleted, the
 * add bar closed), to `fallback`, never to the page's body.
 */
export function useReturnFocus(open: boolean, fallback: () => HTMLElement | null): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  const fallbackRef = useRef(fallback);
  useEffect(() => {
    fallbackRef.current = fallback;
  }, [fallback]);

  // Before the panel's own effects move focus into it.
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
  }, [open]);

  useEffect(() => {
    if (!open && wasOpen.current) {
      const target = opener.current?.isConnected ? opener.current : fallbackRef.current();
      opener.current = null;
      // Only when focus was lost with the panel: a click elsewhere keeps its own focus.
      if (target && (document.activeElement === document.body || !document.activeElement))
        target.focus({ preventScroll: true });
    }
    wasOpen.current = open;
  }, [open]);
}
