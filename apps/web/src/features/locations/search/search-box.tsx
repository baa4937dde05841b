import type { KeyboardEvent } from 'react';
import { useQueryDraft } from '../../../lib/search/use-search-url.ts';

interface SearchBoxProps {
  /** The box's text as the URL holds it. */
  query: string;
  /** The text, once typing pauses or on Enter; `refine` when it only continues a search. */
  onQuery(text: string, refine: boolean): void;
}

/**
 * The Locations page's query box (docs/behaviour.md#search-page): free words and the keys of
 * the query syntax. What it searches for waits until typing pauses; Enter searches at once,
 * Escape empties it.
 */
export function SearchBox({ query, onQuery }: SearchBoxProps) {
  const draft = useQueryDraft(query, (text) => onQuery(text, query.trim() !== ''));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      draft.flush();
    } else if (event.key === 'Escape' && draft.text !== '') {
      event.preventDefault();
      draft.change('');
      onQuery('', false);
    }
  }

  return (
    <div className="search-box">
      <label htmlFor="location-search">Search spots</label>
      <input
        id="location-search"
        type="search"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="chanterelle tree:oak month:jul-sep"
        aria-describedby="location-search-help"
        value={draft.text}
        onChange={(event) => draft.change(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <details className="search-help" id="location-search-help">
        <summary>How to search</summary>
        <p>
          Words look in names, descriptions, notes, access notes and species found; every word must
          be there. <code>&quot;a phrase&quot;</code> keeps words together, <code>-road</code>{' '}
          leaves out spots or visits that mention it.
        </p>
        <p>
          Keys: <code>species:</code> (found on a visit), <code>tree:</code>, <code>terrain:</code>,{' '}
          <code>category:</code>, <code>month:jul-sep</code> (<code>month:11-2</code> wraps the new
          year), <code>year:2024</code>, <code>access:open</code>, <code>kind:patch</code>,{' '}
          <code>is:favorite</code>. Case and accents do not matter.
        </p>
      </details>
    </div>
  );
}
