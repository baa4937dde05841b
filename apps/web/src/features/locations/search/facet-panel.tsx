import type { SearchFacets } from '@fj/contract/search-facets';
import { useId, useState } from 'react';
import {
  holdsCondition,
  type Condition,
  type ConditionKey,
} from '../../../lib/search/query-parts.ts';
import { ACCESS_LABELS } from '../detail/access-labels.ts';
import type { FacetOptions } from './facet-options.ts';
import { MonthRangePicker } from './month-range-picker.tsx';

interface FacetPanelProps {
  facets: SearchFacets;
  options: FacetOptions;
  /** A chip tapped: the box gains the condition, or loses it when it held it. */
  onToggle(condition: Condition): void;
  /** Open at first (wide screens); on a phone the list keeps the room until asked. */
  initiallyOpen: boolean;
}

interface ChipGroupProps {
  label: string;
  conditionKey: ConditionKey;
  values: readonly string[];
  facets: SearchFacets;
  onToggle(condition: Condition): void;
  /** The chip's words, when not the value itself. */
  wordsOf?: (value: string) => string;
}

function ChipGroup({ label, conditionKey, values, facets, onToggle, wordsOf }: ChipGroupProps) {
  const id = useId();
  if (values.length === 0) return null;
  return (
    <div className="facet-group" role="group" aria-labelledby={id}>
      <h3 id={id} className="facet-group-label">
        {label}
      </h3>
      <div className="facet-chips">
        {values.map((value) => {
          const condition = { key: conditionKey, value };
          return (
            <button
              key={value}
              type="button"
              className="filter-chip"
              aria-pressed={holdsCondition(facets, condition)}
              onClick={() => onToggle(condition)}
            >
              {wordsOf ? wordsOf(value) : value}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Chips that write the query for people who never type a key (docs/behaviour.md#search-page):
 * each one adds its `key:value` to the box, or takes it out, so the box always says what is
 * searched. Only values the journal has are offered.
 */
export function FacetPanel({ facets, options, onToggle, initiallyOpen }: FacetPanelProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const favorite = { key: 'favorite', value: 'true' } as const;
  const group = { facets, onToggle };
  return (
    <div className="facet-panel">
      <div className="facet-bar">
        <button
          type="button"
          className="button button-quiet button-small facet-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Filters
        </button>
        <button
          type="button"
          className="filter-chip"
          aria-pressed={holdsCondition(facets, favorite)}
          onClick={() => onToggle(favorite)}
        >
          <span aria-hidden="true">★</span> Favourites only
        </button>
      </div>
      <div id={panelId} className="facet-groups" hidden={!open}>
        <ChipGroup
          label="Category"
          conditionKey="category"
          values={options.categories}
          {...group}
        />
        <ChipGroup
          label="Species found"
          conditionKey="species"
          values={options.species}
          {...group}
        />
        <ChipGroup label="Tree" conditionKey="tree" values={options.trees} {...group} />
        <ChipGroup label="Terrain" conditionKey="terrain" values={options.terrains} {...group} />
        <MonthRangePicker months={facets.months} onToggle={onToggle} />
        <ChipGroup label="Year" conditionKey="year" values={options.years.map(String)} {...group} />
        <ChipGroup
          label="Access"
          conditionKey="access"
          values={options.access}
          wordsOf={(status) => ACCESS_LABELS[status as keyof typeof ACCESS_LABELS] ?? status}
          {...group}
        />
        {options.kinds && (
          <ChipGroup
            label="Kind"
            conditionKey="kind"
            values={['patch', 'point']}
            wordsOf={(kind) => (kind === 'patch' ? 'Patches' : 'Points')}
            {...group}
          />
        )}
      </div>
    </div>
  );
}
