import type { Location } from '@fj/contract/locations';
import type { QueryProblem } from '@fj/contract/search-query';
import { useMemo } from 'react';
import { conditionLabel, emptiedBy } from '../../../lib/search/empty-result.ts';
import type { Condition } from '../../../lib/search/query-parts.ts';
import type { SearchRequest } from '../../../lib/search/search-request.ts';

const spots = (count: number) => `${count} ${count === 1 ? 'spot' : 'spots'}`;

/** What the box or the URL says that cannot be read, each with a way to drop it. */
export function SearchProblems({
  problems,
  onDrop,
}: {
  problems: QueryProblem[];
  onDrop(problem: QueryProblem): void;
}) {
  return (
    <div className="state-panel search-problems" role="alert">
      <h2>This search cannot be read</h2>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.key}:${problem.message}`}>
            <code>{problem.key === 'q' ? 'the query' : `${problem.key}:`}</code> {problem.message}{' '}
            <button type="button" className="link-button" onClick={() => onDrop(problem)}>
              Drop {problem.key === 'q' ? 'it' : problem.key}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface EmptyResultProps {
  locations: readonly Location[];
  request: SearchRequest;
  onDrop(condition: Condition): void;
  onClear(): void;
}

/**
 * No spot matches (docs/behaviour.md#search-page): which condition emptied the answer, and how
 * many spots each one's dropping brings back, with the button that drops it.
 */
export function EmptyResult({ locations, request, onDrop, onClear }: EmptyResultProps) {
  const reasons = useMemo(() => emptiedBy(locations, request), [locations, request]);
  return (
    <div className="state-panel search-empty">
      <h2>No spot matches all of this</h2>
      {reasons.length > 0 ? (
        <ul className="emptied-by">
          {reasons.map(({ condition, count }) => {
            const label = conditionLabel(condition);
            return (
              <li key={`${condition.key}:${condition.value}`}>
                <span>
                  <code>{label}</code> leaves nothing: without it, {spots(count)} match.
                </span>{' '}
                <button
                  type="button"
                  className="button button-quiet button-small"
                  onClick={() => onDrop(condition)}
                >
                  Drop {label}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>No single condition does it: try fewer words or keys.</p>
      )}
      <button type="button" className="link-button" onClick={onClear}>
        Clear search
      </button>
    </div>
  );
}

/** The server refused or failed, and the device could not stand in: the words, and Retry. */
export function SearchFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="state-panel" role="alert">
      <p>The search failed: {message}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function Searching() {
  return (
    <div className="state-panel" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>Searching…</p>
    </div>
  );
}
