import { useEffect } from 'react';
import { onWindowEvent } from '../../lib/window-events.ts';

/**
 * Marks the page while the mobile menu is open (body[data-menu-open]), which the mobile back
 * button reads (docs/behaviour.md#back-button). Whoever removes the marker, or sends the back button's
 * close-menu event, closes the menu: onClosedElsewhere.
 */
export function useMenuMarker(open: boolean, onClosedElsewhere: () => void): void {
  useEffect(() => {
    if (!open) return;
    const body = document.body;
    body.dataset.menuOpen = 'true';
    const observer = new MutationObserver(() => {
      if (body.dataset.menuOpen === undefined) onClosedElsewhere();
    });
    observer.observe(body, { attributes: true, attributeFilter: ['data-menu-open'] });
    // The native back button asks for it by event (src/platform/back-button.ts).
    const stopListening = onWindowEvent('closeMenu', onClosedElsewhere);
    return () => {
      stopListening();
      observer.disconnect();
      delete body.dataset.menuOpen;
    };
  }, [open, onClosedElsewhere]);
}
