import { isFiltered, noFilters, type LocationFilters } from './filter-locations.ts';
import type { FilterOptions } from './filter-options.ts';
import { locationSorts, type LocationSort } from './sort-locations.ts';

interface LocationFiltersProps {
  filters: LocationFilters;
  options: FilterOptions;
  sort: LocationSort;
  onFilters: (filters: LocationFilters) => void;
  onSort: (sort: LocationSort) => void;
}

interface ChoiceProps {
  id: string;
  label: string;
  anyLabel: string;
  value: string;
  choices: string[];
  onChange: (value: string) => void;
}

function Choice({ id, label, anyLabel, value, choices, onChange }: ChoiceProps) {
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

const isSort = (value: string): value is LocationSort =>
  locationSorts.some((sort) => sort.value === value);

/** Search, the three filters, favourites and the order; every control has a visible label. */
export function LocationFiltersBar({
  filters,
  options,
  sort,
  onFilters,
  onSort,
}: LocationFiltersProps) {
  const set = (patch: Partial<LocationFilters>) => onFilters({ ...filters, ...patch });
  return (
    <form className="location-filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="filter-field filter-search">
        <label htmlFor="location-search">Search spots</label>
        <input
          id="location-search"
          type="search"
          placeholder="Name, description or species"
          value={filters.query}
          onChange={(event) => set({ query: event.target.value })}
        />
      </div>
      <Choice
        id="filter-category"
        label="Category"
        anyLabel="All categories"
        value={filters.category}
        choices={options.categories}
        onChange={(category) => set({ category })}
      />
      <Choice
        id="filter-species"
        label="Species"
        anyLabel="All species"
        value={filters.species}
        choices={options.species}
        onChange={(species) => set({ species })}
      />
      <Choice
        id="filter-terrain"
        label="Terrain"
        anyLabel="All terrain"
        value={filters.terrain}
        choices={options.terrains}
        onChange={(terrain) => set({ terrain })}
      />
      <div className="filter-field">
        <label htmlFor="location-sort">Sort by</label>
        <select
          id="location-sort"
          value={sort}
          onChange={(event) => {
            if (isSort(event.target.value)) onSort(event.target.value);
          }}
        >
          {locationSorts.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-actions">
        <button
          type="button"
          className="filter-chip"
          aria-pressed={filters.favoritesOnly}
          onClick={() => set({ favoritesOnly: !filters.favoritesOnly })}
        >
          <span aria-hidden="true">★</span> Favourites only
        </button>
        {isFiltered(filters) && (
          <button type="button" className="link-button" onClick={() => onFilters(noFilters)}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
