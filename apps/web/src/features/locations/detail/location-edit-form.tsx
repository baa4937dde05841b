import { updateLocationSchema, type Location } from '@fj/contract/locations';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { categoryColor } from '../../../lib/category-colors.ts';
import { ChipPicker } from '../../../lib/ui/chip-picker.tsx';
import { errorsFromFailure, errorsFromIssues, noErrors } from '../../../lib/ui/form-errors.ts';
import { useSubmit } from '../../../lib/ui/use-submit.ts';
import { allOptions } from '../../../store/journal-defaults.ts';
import { speciesIn } from '../../../lib/labels.ts';
import { useJournalStore } from '../../../store/journal-store.ts';
import { ACCESS_LABELS, ACCESS_STATUSES, isAccessStatus } from './access-labels.ts';
import { DescriptionField, LOCATION_FIELD_MESSAGES, NameField } from './name-field.tsx';
import { FormActions } from '../../../lib/ui/form-actions.tsx';

interface Props {
  location: Location;
  onDone(): void;
}

const withChosen = (options: readonly string[], chosen: readonly string[]) => [
  ...new Set([...options, ...chosen]),
];

/** Everything about a spot but its position and patch (those are changed on the map). */
export function LocationEditForm({ location, onDone }: Props) {
  const ids = useId();
  const speciesCategories = useJournalStore((state) => state.speciesCategories);
  const terrainOptions = useJournalStore((state) => state.terrainOptions);
  const treeOptions = useJournalStore((state) => state.treeOptions);
  const [name, setName] = useState(location.name);
  const [description, setDescription] = useState(location.description ?? '');
  const [categories, setCategories] = useState(location.categories ?? []);
  const [species, setSpecies] = useState(location.species ?? []);
  const [terrainType, setTerrainType] = useState(location.terrainType ?? '');
  const [treeTypes, setTreeTypes] = useState(location.treeTypes ?? []);
  const [accessStatus, setAccessStatus] = useState<string>(location.access?.status ?? '');
  const [accessNote, setAccessNote] = useState(location.access?.note ?? '');
  const { busy: saving, error, setError, run } = useSubmit(errorsFromFailure);
  const errors = error ?? noErrors;

  // Species of the chosen categories; species saved earlier stay offered so none is lost silently.
  const speciesOptions = withChosen(
    categories.flatMap((category) => speciesIn(speciesCategories, category)),
    location.species ?? [],
  );
  const terrainChoices = withChosen(allOptions(terrainOptions), terrainType ? [terrainType] : []);
  const treeChoices = withChosen(allOptions(treeOptions), treeTypes);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = {
      name,
      description: description.trim() || null,
      categories,
      species: species.filter((item) => speciesOptions.includes(item)),
      terrainType: terrainType || null,
      treeTypes,
      access: isAccessStatus(accessStatus)
        ? { status: accessStatus, ...(accessNote.trim() ? { note: accessNote.trim() } : {}) }
        : null,
    };
    const parsed = updateLocationSchema.safeParse(changes);
    if (!parsed.success) {
      setError(errorsFromIssues(parsed.error.issues, LOCATION_FIELD_MESSAGES));
      return;
    }
    await run(async () => {
      await useJournalStore.getState().updateLocation(location.id, parsed.data);
      toast.success('Changes saved');
      onDone();
    });
  }

  return (
    <form className="journal journal-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Edit spot</h2>
      <NameField value={name} onChange={setName} error={errors.fields.name} autoFocus />
      <DescriptionField
        value={description}
        onChange={setDescription}
        error={errors.fields.description}
      />
      <ChipPicker
        legend="Categories"
        options={withChosen(Object.keys(speciesCategories), categories)}
        selected={categories}
        onChange={setCategories}
        colorOf={categoryColor}
        emptyText="No categories yet: add some in Settings."
      />
      <ChipPicker
        legend="Species"
        options={speciesOptions}
        selected={species}
        onChange={setSpecies}
        emptyText="Choose a category to pick its species."
      />
      <div className="field">
        <label htmlFor={`${ids}-terrain`}>Terrain</label>
        <select
          id={`${ids}-terrain`}
          value={terrainType}
          onChange={(event) => setTerrainType(event.target.value)}
        >
          <option value="">Not set</option>
          {terrainChoices.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <ChipPicker
        legend="Tree types"
        options={treeChoices}
        selected={treeTypes}
        onChange={setTreeTypes}
      />
      <div className="field">
        <label htmlFor={`${ids}-access`}>Access</label>
        <select
          id={`${ids}-access`}
          value={accessStatus}
          onChange={(event) => setAccessStatus(event.target.value)}
        >
          <option value="">Not set</option>
          {ACCESS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ACCESS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      {accessStatus && (
        <div className="field">
          <label htmlFor={`${ids}-access-note`}>Access note</label>
          <input
            id={`${ids}-access-note`}
            type="text"
            maxLength={500}
            value={accessNote}
            onChange={(event) => setAccessNote(event.target.value)}
            placeholder="e.g. Farmer Jones says yes in autumn"
          />
        </div>
      )}
      {errors.message && (
        <p className="form-error" role="alert">
          {errors.message}
        </p>
      )}
      <FormActions onCancel={onDone} saving={saving} label="Save" busyLabel="Saving…" />
    </form>
  );
}
