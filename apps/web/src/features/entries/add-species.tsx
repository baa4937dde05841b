import { limits } from '@fj/contract/limits';
import { speciesKey } from '@fj/contract/text-fold';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useJournalStore } from '../../store/journal-store.ts';

interface Props {
  /** The species already offered: one of those is chosen rather than added twice. */
  offered: readonly string[];
  /** The spot's categories, offered first as where the new species goes. */
  spotCategories: readonly string[];
  disabled?: boolean;
  /** The species to tick on the form (the new one, or the offered one it matched). */
  onAdded(name: string): void;
}

/** Where a species goes when the forager keeps no category at all. */
export const fallbackCategory = 'other';

/**
 * A species the lists do not hold yet, added from the entry form: it joins the chosen
 * category's list in the preferences (synced, queued offline) and is ticked on the entry.
 * Inside the entry's form, so Enter here adds rather than saving the entry.
 */
export function AddSpecies({ offered, spotCategories, disabled, onAdded }: Props) {
  const ids = useId();
  const speciesCategories = useJournalStore((state) => state.speciesCategories);
  const choices = [...new Set([...spotCategories, ...Object.keys(speciesCategories)])];
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [category, setCategory] = useState(choices[0] ?? fallbackCategory);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function add() {
    const trimmed = name.trim();
    if (!trimmed || busy) return;
    const known = offered.find((item) => speciesKey(item) === speciesKey(trimmed));
    if (known) {
      onAdded(known);
    } else {
      setBusy(true);
      const store = useJournalStore.getState();
      try {
        if (!choices.includes(category)) await store.addSpeciesCategory(category);
        await store.addSpecies(category, trimmed);
      } finally {
        setBusy(false);
      }
      onAdded(trimmed);
    }
    setName('');
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  }

  if (!open)
    return (
      <button
        type="button"
        className="button button-quiet button-small add-species-open"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Add another species
      </button>
    );
  return (
    <div className="add-species" role="group" aria-label="Add another species">
      <label htmlFor={`${ids}-name`} className="add-species-name">
        New species
      </label>
      <input
        id={`${ids}-name`}
        ref={inputRef}
        type="text"
        autoFocus
        autoComplete="off"
        maxLength={limits.labelLength}
        value={name}
        disabled={disabled || busy}
        onKeyDown={onKeyDown}
        onChange={(event) => setName(event.target.value)}
      />
      <label htmlFor={`${ids}-category`} className="add-species-in">
        in the list
      </label>
      <select
        id={`${ids}-category`}
        value={category}
        disabled={disabled || busy}
        onChange={(event) => setCategory(event.target.value)}
      >
        {(choices.length > 0 ? choices : [fallbackCategory]).map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={disabled || busy || !name.trim()}
        onClick={() => void add()}
      >
        Add
      </button>
    </div>
  );
}
