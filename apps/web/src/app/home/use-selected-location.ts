import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The chosen spot lives in the URL (?location=<id>), so the locations page can link to it and
 * a reload keeps it. Replacing, not pushing: back leaves the map instead of replaying picks.
 */
export function useSelectedLocation(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('location')?.trim() || null;
  const select = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('location', id);
          else next.delete('location');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [selectedId, select];
}
