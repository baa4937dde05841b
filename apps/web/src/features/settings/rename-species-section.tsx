import { speciesKey } from '@fj/contract/text-fold';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { speciesInUse } from '../../lib/species-rename.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { useJournalStore } from '../../store/journal-store.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Rename a species across the whole journal (every find, spot and list), or merge it into
 * another by giving that one's name (docs/behaviour.md#species-rename). Offline it is queued.
 */
export function RenameSpeciesSection() {
  const ids = useId();
  const locations = useJournalStore((state) => state.locations);
  const categories = useJournalStore((state) => state.speciesCategories);
  // Renamed: a species the journal uses (finds, spots); merged into: any name it knows.
  const used = useMemo(() => speciesInUse(locations, {}), [locations]);
  const names = useMemo(() => speciesInUse(locations, categories), [locations, categories]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit(errorMessage);
  const chosen = used.includes(from) ? from : '';
  const target = names.find(
    (name) => name !== chosen && speciesKey(name) === speciesKey(to) && to.trim() !== '',
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const name = to.trim();
    if (!chosen || !name || name === chosen) {
      setError('Choose a species, and the new name or the species to merge it into.');
      return;
    }
    await run(async () => {
      const outcome = await useJournalStore.getState().renameSpecies(chosen, target ?? name);
      setDone(
        outcome === 'queued'
          ? `“${chosen}” is now “${target ?? name}” on this device; the server follows when it can be reached.`
          : `“${chosen}” is now “${target ?? name}”: ${plural(outcome.entries, 'entry', 'entries')} and ${plural(outcome.locations, 'spot', 'spots')} changed.`,
      );
      setFrom('');
      setTo('');
    });
  }

  return (
    <section className="card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Rename or merge a species</h2>
      <p>
        Changes every find, spot and list. Give the name of a species you already have to merge the
        two: their finds become one.
      </p>
      <form className="rename-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-from`}>Species</label>
          <select
            id={`${ids}-from`}
            value={chosen}
            onChange={(event) => setFrom(event.target.value)}
          >
            <option value="">Choose a species…</option>
            {used.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-to`}>New name, or the species to merge into</label>
          <input
            id={`${ids}-to`}
            value={to}
            list={`${ids}-names`}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => setTo(event.target.value)}
          />
          <datalist id={`${ids}-names`}>
            {names
              .filter((name) => name !== chosen)
              .map((name) => (
                <option key={name} value={name} />
              ))}
          </datalist>
        </div>
        {chosen && target && (
          <p className="inline-hint">
            “{chosen}” will be merged into “{target}”.
          </p>
        )}
        {error && (
          <p className="inline-alert" role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className="inline-hint" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : target ? 'Merge' : 'Rename'}
        </button>
      </form>
    </section>
  );
}
