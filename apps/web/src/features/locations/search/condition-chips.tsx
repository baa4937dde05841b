import type { SearchFacets } from '@fj/contract/search-facets';
import { conditionLabel } from '../../../lib/search/empty-result.ts';
import { conditionsOf, type Condition } from '../../../lib/search/query-parts.ts';

interface ConditionChipsProps {
  facets: SearchFacets;
  onDrop(condition: Condition): void;
  onClear(): void;
}

/** What is searched, one chip per condition, each taken out by its ×; then "Clear search". */
export function ConditionChips({ facets, onDrop, onClear }: ConditionChipsProps) {
  const conditions = conditionsOf(facets);
  if (conditions.length === 0) return null;
  return (
    <div className="condition-chips">
      <ul aria-label="Searching for">
        {conditions.map((condition) => {
          const label = conditionLabel(condition);
          return (
            <li key={`${condition.key}:${condition.value}`}>
              <button
                type="button"
                className="chip condition-chip"
                aria-label={`Remove ${label}`}
                onClick={() => onDrop(condition)}
              >
                {label} <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="link-button" onClick={onClear}>
        Clear search
      </button>
    </div>
  );
}
