import type { Location } from '@fj/contract/locations';
import type { SearchFacets } from '@fj/contract/search-facets';
import { useMemo, useState } from 'react';
import { toggleCondition, type Condition } from '../../../lib/search/query-parts.ts';
import {
  dropCondition,
  emptyRequest,
  type SearchRequest,
} from '../../../lib/search/search-request.ts';
import { ConditionChips } from './condition-chips.tsx';
import { facetOptions } from './facet-options.ts';
import { FacetPanel } from './facet-panel.tsx';
import { SavedSearches } from './saved-searches.tsx';
import { SearchBox } from './search-box.tsx';

interface SearchControlsProps {
  locations: readonly Location[];
  request: SearchRequest;
  facets: SearchFacets;
  active: boolean;
  onRequest(next: SearchRequest, options?: { replace?: boolean }): void;
}

/** Phones keep the filter chips folded, so the list keeps the screen (docs/behaviour.md#search-page). */
const wideScreen = () => window.matchMedia?.('(min-width: 768px)').matches ?? true;

/**
 * The search on the Locations page: the box, what it searches for as removable chips, the
 * filter chips that write the box, and the saved searches.
 */
export function SearchControls({
  locations,
  request,
  facets,
  active,
  onRequest,
}: SearchControlsProps) {
  const options = useMemo(() => facetOptions(locations), [locations]);
  const [openAtFirst] = useState(wideScreen);
  const toggle = (condition: Condition) =>
    onRequest({ ...request, q: toggleCondition(request.q, condition) });
  return (
    <div className="search-controls" role="search" aria-label="Spot search">
      <SearchBox
        query={request.q}
        onQuery={(q, refine) =>
          onRequest({ ...request, q }, { replace: refine && q.trim() !== '' })
        }
      />
      <ConditionChips
        facets={facets}
        onDrop={(condition) => onRequest(dropCondition(request, condition))}
        onClear={() => onRequest(emptyRequest)}
      />
      <FacetPanel facets={facets} options={options} onToggle={toggle} initiallyOpen={openAtFirst} />
      <SavedSearches
        request={request}
        facets={facets}
        active={active}
        onApply={(q) => onRequest({ q, extra: [] })}
      />
    </div>
  );
}
