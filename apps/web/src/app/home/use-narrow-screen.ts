import { useSyncExternalStore } from 'react';

/** Below this width the details become a bottom sheet (kept in step with map.css). */
const query = '(max-width: 899px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(query);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
