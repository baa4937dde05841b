import type { Location } from '@fj/contract/locations';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { distanceMeters, type LatLng } from '../../../lib/geo.ts';
import { LocationRow } from './location-row.tsx';

/**
 * Fixed, so the virtualiser never measures: 5,000 rows cost as little as 20. Room for a name on
 * two lines and the last visit, the distance and the entries under it.
 */
export const ROW_HEIGHT = 96;

const keySteps: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_index, last) => last,
  PageDown: (index, last) => Math.min(index + 8, last),
  PageUp: (index) => Math.max(index - 8, 0),
};

/**
 * Only the rows in view (plus a few) are in the DOM. Tab would leave the list at the last
 * rendered row, so the arrow keys, Home/End and Page keys move through all of it.
 */
interface LocationListProps {
  locations: Location[];
  /** Each row's link (the search goes along to the map). */
  linkTo(location: Location): string;
  /** The visits a search found at a spot, when the search asked about visits. */
  matchingVisits?: (location: Location) => number | undefined;
  /** The device's position: each row says how far its spot is. */
  position?: LatLng | null;
  /** The spot open on the map beside the list: its row is marked. */
  selectedId?: string | null;
  /** The spot whose row is pointed at or focused (null when none), for the map to mark. */
  onPoint?(id: string | null): void;
}

export function LocationList(props: LocationListProps) {
  const { locations, linkTo, matchingVisits, position = null, selectedId = null, onPoint } = props;
  const metersTo = useMemo(
    () => (position ? (location: Location) => distanceMeters(position, location.position) : null),
    [position],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands out fresh functions each render, so the React Compiler leaves this
  // component alone; that is fine, it re-renders only on scroll and when the list changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: locations.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => locations[index]?.id ?? index,
  });

  function focusRow(index: number) {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // The row may only exist after the virtualiser's next render.
    requestAnimationFrame(() => {
      scrollRef.current
        ?.querySelector<HTMLElement>(`[data-index="${index}"] a`)
        ?.focus({ preventScroll: true });
    });
  }

  function onRowKey(index: number) {
    return (event: KeyboardEvent<HTMLAnchorElement>) => {
      const step = keySteps[event.key];
      if (!step) return;
      event.preventDefault();
      focusRow(step(index, locations.length - 1));
    };
  }

  return (
    <div ref={scrollRef} className="location-scroll" data-testid="location-scroll">
      <ul
        className="location-list"
        aria-label="Spots"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const location = locations[item.index];
          if (!location) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              aria-setsize={locations.length}
              aria-posinset={item.index + 1}
              className="location-item"
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              onMouseEnter={onPoint && (() => onPoint(location.id))}
              onMouseLeave={onPoint && (() => onPoint(null))}
              onFocus={onPoint && (() => onPoint(location.id))}
              onBlur={onPoint && (() => onPoint(null))}
            >
              <LocationRow
                location={location}
                to={linkTo(location)}
                matchingVisits={matchingVisits?.(location)}
                meters={metersTo?.(location)}
                selected={location.id === selectedId}
                onKeyDown={onRowKey(item.index)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
