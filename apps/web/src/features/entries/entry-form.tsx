import { createEntrySchema, type Entry } from '@fj/contract/entries';
import { limits } from '@fj/contract/limits';
import type { Location } from '@fj/contract/locations';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { speciesOfFinds } from '@fj/contract/finds';
import { findsOf } from '../../lib/finds-text.ts';
import { errorsFromFailure, errorsFromIssues } from '../../lib/ui/form-errors.ts';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import '../../styles/journal.css';
import { AbundanceInput } from './abundance.tsx';
import { EntryDateField } from './entry-date-field.tsx';
import { FindsField } from './finds-field.tsx';
import { draftsOf, findsFromDrafts, type FindDraft } from './finds-draft.ts';
import { PhotoField } from './photo-field.tsx';
import { recordedSpecies, speciesOptionsFor } from './species-options.ts';
import { donePhotos, isBusy } from './upload-queue.ts';
import { usePhotoUploads } from './use-photo-uploads.ts';
import { useEntryDate } from './use-entry-date.ts';
import { WeatherField } from './weather-field.tsx';
import { FormActions } from '../../lib/ui/form-actions.tsx';

interface Props {
  location: Location;
  /** The entry to change; a new one is written without it. */
  entry?: Entry;
  /** Saved: the entry as written (its id), so the timeline can move focus to it. */
  onSaved(entryId: string): void;
  onCancel(): void;
}

const fieldMessages: Record<string, string> = {
  date: 'Enter the date of the visit.',
  abundance: 'Abundance is a whole number from 0 to 5.',
  notes: 'Notes are too long.',
  weather: 'Weather is too long (200 characters at most).',
};

/** Add or change one visit. Photos upload while the rest is filled in; nothing typed is lost. */
export function EntryForm({ location, entry, onSaved, onCancel }: Props) {
  const ids = useId();
  const speciesCategories = useJournalStore((state) => state.speciesCategories);
  const locations = useJournalStore((state) => state.locations);
  const recorded = useMemo(() => recordedSpecies(locations, location.id), [locations, location.id]);
  // Chosen once: a retried save after a lost answer cannot make a second entry.
  const [newId] = useState(() => crypto.randomUUID());
  const { date, chooseDate, fromPhoto, photosPicked, keepToday } = useEntryDate(entry);
  const [species, setSpecies] = useState<string[]>(() =>
    speciesOfFinds(entry ? findsOf(entry) : []),
  );
  const [drafts, setDrafts] = useState<Record<string, FindDraft>>(() =>
    draftsOf(entry ? findsOf(entry) : []),
  );
  const [nothingFound, setNothingFound] = useState(entry?.nothingFound === true);
  const [findErrors, setFindErrors] = useState<Record<string, string>>({});
  const [abundance, setAbundance] = useState<number | null>(entry?.abundance ?? null);
  const [weather, setWeather] = useState(entry?.weather ?? '');
  const [notes, setNotes] = useState(entry?.notes ?? '');
  const { busy: saving, error, setError, run } = useSubmit(errorsFromFailure);
  const errors = error?.fields ?? {};
  const { items, queue } = usePhotoUploads(entry?.photos ?? []);
  const uploading = isBusy(items);
  const failedUploads = items.filter((item) => item.status === 'failed').length;
  const options = speciesOptionsFor(location, speciesCategories, species, recorded);
  // The form opens at its top with its first field focused (in a sheet scrolled anywhere).
  const dateRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    dateRef.current?.focus({ preventScroll: true });
    dateRef.current?.closest('form')?.scrollIntoView({ block: 'start' });
  }, []);

  function foundNothing(on: boolean) {
    setNothingFound(on);
    if (on) setSpecies([]);
  }

  function validate() {
    const found = findsFromDrafts(nothingFound ? [] : species, drafts);
    setFindErrors('errors' in found ? found.errors : {});
    if ('errors' in found) return null;
    const fields = {
      date,
      // Both: writing finds sets species, and a server that predates finds keeps the species.
      species: speciesOfFinds(found.finds),
      finds: found.finds,
      nothingFound,
      abundance,
      weather: weather.trim() || null,
      notes: notes.trim() || null,
      photos: donePhotos(items),
    };
    const parsed = createEntrySchema.safeParse(fields);
    if (parsed.success) return fields;
    setError(errorsFromIssues(parsed.error.issues, fieldMessages));
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Saving waits for the photos (the button says so); the hook keeps it to one save at a time.
    if (uploading) return;
    const fields = validate();
    if (!fields) return;
    const store = useJournalStore.getState();
    await run(async () => {
      if (entry) await store.updateEntry(location.id, entry.id, fields);
      else
        await store.addEntry(location.id, {
          id: newId,
          ...fields,
          abundance: fields.abundance ?? undefined,
          weather: fields.weather ?? undefined,
          notes: fields.notes ?? undefined,
        });
      toast.success(entry ? 'Entry updated' : 'Entry added');
      onSaved(entry?.id ?? newId);
    });
  }

  const dateId = `${ids}-date`;
  const notesId = `${ids}-notes`;
  return (
    <form className="journal-form entry-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{entry ? 'Edit entry' : 'New entry'}</h3>
      <EntryDateField
        id={dateId}
        value={date}
        error={errors.date}
        fromPhoto={fromPhoto}
        inputRef={dateRef}
        onChange={chooseDate}
        onKeepToday={keepToday}
      />
      <FindsField
        options={options}
        species={species}
        drafts={drafts}
        nothingFound={nothingFound}
        errors={findErrors}
        onSpecies={setSpecies}
        onDraft={(name, draft) => setDrafts((current) => ({ ...current, [name]: draft }))}
        onNothingFound={foundNothing}
        spotCategories={location.categories ?? []}
      />
      <AbundanceInput value={abundance} onChange={setAbundance} />
      {errors.abundance && <p className="field-error">{errors.abundance}</p>}
      <WeatherField value={weather} onChange={setWeather} />
      {errors.weather && <p className="field-error">{errors.weather}</p>}
      <div className="field">
        <label htmlFor={notesId}>Notes</label>
        <textarea
          id={notesId}
          value={notes}
          maxLength={limits.longTextLength}
          onChange={(event) => setNotes(event.target.value)}
        />
        {errors.notes && <p className="field-error">{errors.notes}</p>}
      </div>
      <PhotoField items={items} queue={queue} disabled={saving} onPicked={photosPicked} />
      {errors.photos && <p className="field-error">{errors.photos}</p>}
      {error?.message && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <p className="field-hint" aria-live="polite">
        {uploading
          ? 'Saving is possible once the photos have finished uploading.'
          : failedUploads > 0
            ? 'Photos that failed to upload are not saved with the entry.'
            : ''}
      </p>
      <FormActions
        onCancel={onCancel}
        saving={saving}
        disabled={uploading}
        label="Save entry"
        busyLabel="Saving…"
      />
    </form>
  );
}
