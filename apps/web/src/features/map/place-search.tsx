import type { Location } from '@fj/contract/locations';
import { useId, useState, type KeyboardEvent } from 'react';
import type { PlaceResult } from '../../lib/maps/places-library.ts';
import { usePlaceSearch } from './use-place-search.ts';

interface PlaceSearchProps {
  locations: readonly Location[];
  onPick(result: PlaceResult): void;
  /** Shows every spot the query finds on the map, the rest faint (the search layer). */
  onShowAll(query: string): void;
}

type Option = { kind: 'place'; result: PlaceResult } | { kind: 'all'; count: number };

const showAllKey = 'show-all';

/**
 * An ARIA 1.2 combobox (docs/behaviour.md#search-map): your own spots first, found by the
 * journal's search (`chanterelle tree:oak` works here too), "Show all on the map" for more
 * than one, then places from the geocoder. A query with keys puts "Show all" first.
 */
export function PlaceSearch({ locations, onPick, onShowAll }: PlaceSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { results, ownTotal, keyed, searching, failed } = usePlaceSearch(query, locations);
  const own = results.filter((result) => result.locationId !== undefined);
  const places = results.filter((result) => result.locationId === undefined);
  const all: Option[] =
    ownTotal > 1 || (keyed && ownTotal > 0) ? [{ kind: 'all', count: ownTotal }] : [];
  const ownOptions = own.map((result): Option => ({ kind: 'place', result }));
  const options: Option[] = [
    ...(keyed ? [...all, ...ownOptions] : [...ownOptions, ...all]),
    ...places.map((result): Option => ({ kind: 'place', result })),
  ];
  const expanded = open && query.trim().length > 0;
  const activeOption = expanded ? options[active] : undefined;

  function choose(option: Option) {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'all') return onShowAll(query.trim());
    setQuery(option.result.locationId ? option.result.label : '');
    onPick(option.result);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const chosen = activeOption ?? (expanded ? options[0] : undefined);
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setQuery('');
      setActive(-1);
    }
  }

  const note = searching
    ? 'Searching…'
    : failed
      ? 'Place search is unavailable right now.'
      : options.length === 0
        ? 'No matches.'
        : '';
  const optionId = (option: Option, index: number) =>
    `${listId}-${option.kind === 'all' ? showAllKey : index}`;

  return (
    <div className="map-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        Search places and your spots
      </label>
      <span className="map-search-icon" aria-hidden="true" />
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search places or your spots"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(activeOption, active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Search results" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.kind === 'all' ? showAllKey : option.result.key}
            id={optionId(option, index)}
            role="option"
            aria-selected={index === active}
            data-own={option.kind === 'all' || option.result.locationId !== undefined}
            data-all={option.kind === 'all'}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {option.kind === 'all' ? (
              <>
                <span className="map-search-label">
                  Show{' '}
                  {option.count === 1 ? 'the matching spot' : `all ${option.count} matching spots`}{' '}
                  on the map
                </span>
                <span className="map-search-detail">The other spots turn faint</span>
              </>
            ) : (
              <>
                <span className="map-search-label">{option.result.label}</span>
                {option.result.detail && (
                  <span className="map-search-detail">{option.result.detail}</span>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {expanded && note && (
        <p className="map-search-note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
