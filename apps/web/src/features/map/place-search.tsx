import type { Location } from '@fj/contract/locations';
import { useId, useState, type KeyboardEvent } from 'react';
import type { PlaceResult } from '../../lib/maps/places-library.ts';
import { usePlaceSearch } from './use-place-search.ts';

interface PlaceSearchProps {
  locations: readonly Location[];
  onPick(result: PlaceResult): void;
}

/** An ARIA 1.2 combobox: your own spots first, then places from the geocoder. */
export function PlaceSearch({ locations, onPick }: PlaceSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { results, searching, failed } = usePlaceSearch(query, locations);
  const expanded = open && query.trim().length > 0;
  const activeResult = expanded ? results[active] : undefined;

  function pick(result: PlaceResult) {
    setQuery(result.locationId ? result.label : '');
    setOpen(false);
    setActive(-1);
    onPick(result);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const chosen = activeResult ?? (expanded ? results[0] : undefined);
      if (chosen) {
        event.preventDefault();
        pick(chosen);
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
      : results.length === 0
        ? 'No matches.'
        : '';

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
        aria-activedescendant={activeResult ? `${listId}-${active}` : undefined}
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
        {results.map((result, index) => (
          <li
            key={result.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            data-own={result.locationId !== undefined}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(result);
            }}
          >
            <span className="map-search-label">{result.label}</span>
            {result.detail && <span className="map-search-detail">{result.detail}</span>}
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
