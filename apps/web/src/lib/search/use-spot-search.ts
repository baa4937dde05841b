import type { Location } from '@fj/contract/locations';
import type { QueryProblem } from '@fj/contract/search-query';
import { useEffect, useMemo, useState } from 'react';
import { useOnline } from '../offline/use-online.ts';
import { errorMessage } from '../ui/error-message.ts';
import { runSearch, type SearchOutcome } from './run-search.ts';
import { readRequest, requestKey, type SearchRequest } from './search-request.ts';

export interface SpotSearch {
  /** Whether there is a search to run (some condition, no problem). */
  active: boolean;
  /** What the request says that cannot be read, each naming its key: nothing is searched. */
  problems: QueryProblem[];
  /** The newest answer; while `searching`, the one before (for the same kind of search). */
  outcome: SearchOutcome | null;
  /** An answer for the current request is on its way. */
  searching: boolean;
  /** The server refused the search (a 400 names its facet), in words for people. */
  error: string | null;
  /** Runs the search again (after a failure). */
  retry(): void;
}

interface Answered {
  key: string;
  outcome: SearchOutcome | null;
  error: string | null;
}

/**
 * The spots a search finds (docs/behaviour.md#search-page), run again when the request, the
 * connection or the journal changes. `delayMs` waits for typing to pause (the map's box); a
 * request from the URL comes already paused. An older answer arriving late is dropped.
 */
export function useSpotSearch(
  request: SearchRequest,
  locations: readonly Location[],
  delayMs = 0,
): SpotSearch {
  const online = useOnline();
  const key = requestKey(request);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the request
  const read = useMemo(() => readRequest(request), [key]);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [attempt, setAttempt] = useState(0);
  const runKey = `${attempt} ${online ? 'online' : 'offline'} ${key}`;
  const retry = () => setAttempt((count) => count + 1);

  useEffect(() => {
    if (!read.active) return;
    let current = true;
    const timer = setTimeout(() => {
      runSearch(request, read.facets, locations, online).then(
        (outcome) => {
          if (current) setAnswered({ key: runKey, outcome, error: null });
        },
        (error: unknown) => {
          if (current) setAnswered({ key: runKey, outcome: null, error: errorMessage(error) });
        },
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runKey stands for request and online
  }, [runKey, read, locations, delayMs]);

  if (!read.active)
    return {
      active: false,
      problems: read.problems,
      outcome: null,
      searching: false,
      error: null,
      retry,
    };
  const fresh = answered?.key === runKey;
  return {
    active: true,
    problems: [],
    outcome: answered?.outcome ?? null,
    searching: !fresh,
    error: fresh ? (answered?.error ?? null) : null,
    retry,
  };
}
