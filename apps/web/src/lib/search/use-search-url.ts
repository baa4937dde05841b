import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { requestOf, withRequest, type SearchRequest } from './search-request.ts';

/**
 * The search the page's URL holds (`?q=…&tree=…`), and a way to change it. A new search is a
 * new history entry, so Back goes to what was before; `replace` refines the current one (typing).
 */
export function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const request = useMemo(() => requestOf(params), [params]);
  const setRequest = useCallback(
    (next: SearchRequest, options: { replace?: boolean } = {}) =>
      setParams((current) => withRequest(current, next), { replace: options.replace ?? false }),
    [setParams],
  );
  return { request, setRequest };
}

/** How long typing pauses before the URL (and so the search) takes the box's text. */
export const TYPING_PAUSE_MS = 120;

/**
 * The query box's text while it is typed: shown at once, handed to `commit` once typing pauses
 * (or at `flush`, on Enter). When the committed text changes from elsewhere (Back, a chip, a
 * saved search) the box shows that instead, and a pause under way is dropped.
 */
export function useQueryDraft(
  committed: string,
  commit: (text: string) => void,
  delayMs = TYPING_PAUSE_MS,
) {
  const [draft, setDraft] = useState<{ text: string; base: string } | null>(null);
  const pending = draft !== null && draft.base === committed && draft.text !== committed;
  const text = draft !== null && draft.base === committed ? draft.text : committed;
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => commitRef.current(text), delayMs);
    return () => clearTimeout(timer);
  }, [pending, text, delayMs]);

  return {
    text,
    /** Whether typed text waits for the pause (the search has not started yet). */
    pending,
    change: (value: string) => setDraft({ text: value, base: committed }),
    flush: () => {
      if (pending) commit(text);
    },
  };
}
