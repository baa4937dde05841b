import type { Location } from '@fj/contract/locations';
import { searchJournal } from '@fj/contract/search-match';
import { conditionText, conditionsOf, type Condition } from './query-parts.ts';
import { dropCondition, readRequest, type SearchRequest } from './search-request.ts';

/** A condition that emptied the answer: without it, `count` spots would match. */
export interface EmptiedBy {
  condition: Condition;
  count: number;
}

/** How a condition reads to people: as the box writes it, or in words for the others. */
export function conditionLabel(condition: Condition): string {
  switch (condition.key) {
    case 'minQuantity':
      return `at least ${condition.value}`;
    case 'unit':
      return `counted in ${condition.value}`;
    case 'bbox':
      return 'inside the map area';
    case 'favorite':
      return condition.value === 'true' ? 'is:favorite' : 'not a favourite';
    default:
      return conditionText(condition);
  }
}

/**
 * Which conditions emptied the answer (docs/behaviour.md#search-page): each one whose dropping
 * alone brings spots back, most spots first. Worked out on the device over its copy, with the
 * matcher the server's answers are held equal to, so it costs no request.
 */
export function emptiedBy(locations: readonly Location[], request: SearchRequest): EmptiedBy[] {
  const { facets } = readRequest(request);
  const found: EmptiedBy[] = [];
  for (const condition of conditionsOf(facets)) {
    const rest = readRequest(dropCondition(request, condition));
    const count = !rest.active ? locations.length : searchJournal(locations, rest.facets).length;
    if (count > 0) found.push({ condition, count });
  }
  return found.sort((a, b) => b.count - a.count);
}
