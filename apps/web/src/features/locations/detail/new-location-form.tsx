import { createLocationSchema, type Location } from '@fj/contract/locations';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { categoryColor } from '../../../lib/category-colors.ts';
import { ChipPicker } from '../../../lib/ui/chip-picker.tsx';
import { errorsFromFailure, errorsFromIssues, noErrors } from '../../../lib/ui/form-errors.ts';
import { useSubmit } from '../../../lib/ui/use-submit.ts';
import { useJournalStore } from '../../../store/journal-store.ts';
import '../../../styles/journal.css';
import { DescriptionField, LOCATION_FIELD_MESSAGES, NameField } from './name-field.tsx';
import { FormActions } from '../../../lib/ui/form-actions.tsx';

type Polygon = NonNullable<Location['area']>;

interface Props {
  position: { lat: number; lng: number };
  area?: Polygon | null;
  onCreated(location: Location): void;
  onCancel(): void;
}

/** A new spot where the map was tapped: a name, what grows there, a few words. */
export function NewLocationForm({ position, area, onCreated, onCancel }: Props) {
  const speciesCategories = useJournalStore((state) => state.speciesCategories);
  // Chosen once per form: a retry after a lost answer updates the same spot, never a second one.
  const [id] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const { busy: saving, error, setError, run } = useSubmit(errorsFromFailure);
  const errors = error ?? noErrors;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createLocationSchema.safeParse({
      id,
      name,
      position,
      ...(area ? { area } : {}),
      categories,
      ...(description.trim() ? { description: description.trim() } : {}),
    });
    if (!parsed.success) {
      setError(errorsFromIssues(parsed.error.issues, LOCATION_FIELD_MESSAGES));
      return;
    }
    await run(async () => {
      const location = await useJournalStore.getState().addLocation(parsed.data);
      toast.success(`“${location.name}” saved`);
      onCreated(location);
    });
  }

  const otherFieldErrors = Object.entries(errors.fields).filter(
    ([key]) => key !== 'name' && key !== 'description',
  );
  return (
    <form className="journal journal-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2>New spot</h2>
      <p className="field-hint">
        At {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
        {area ? ' · with a patch' : ''}
      </p>
      <NameField value={name} onChange={setName} error={errors.fields.name} autoFocus />
      <ChipPicker
        legend="Categories"
        options={Object.keys(speciesCategories)}
        selected={categories}
        onChange={setCategories}
        colorOf={categoryColor}
        emptyText="No categories yet: add some in Settings."
      />
      <DescriptionField
        value={description}
        onChange={setDescription}
        error={errors.fields.description}
      />
      {otherFieldErrors.map(([key, message]) => (
        <p key={key} className="field-error">
          {message}
        </p>
      ))}
      {errors.message && (
        <p className="form-error" role="alert">
          {errors.message}
        </p>
      )}
      <FormActions onCancel={onCancel} saving={saving} label="Create" busyLabel="Creating…" />
    </form>
  );
}
