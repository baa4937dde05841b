import { useId } from 'react';
import type { FindUnit } from '@fj/contract/finds';
import { ChipPicker } from '../../lib/ui/chip-picker.tsx';
import { AddSpecies } from './add-species.tsx';
import { emptyDraft, unitNames, units, type FindDraft } from './finds-draft.ts';

interface Props {
  options: readonly string[];
  species: readonly string[];
  drafts: Readonly<Record<string, FindDraft>>;
  nothingFound: boolean;
  errors: Readonly<Record<string, string>>;
  onSpecies(next: string[]): void;
  onDraft(species: string, draft: FindDraft): void;
  onNothingFound(on: boolean): void;
  /** The spot's categories: where a species added here goes first. */
  spotCategories: readonly string[];
}

/**
 * What a visit found: the species, each with an optional quantity and unit, or "Found
 * nothing", which clears them: an empty visit is what tells a season from the days one went out.
 */
export function FindsField(props: Props) {
  const { options, species, drafts, nothingFound, errors } = props;
  const ids = useId();
  return (
    <div className="finds-field">
      <div className="switch-row">
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={nothingFound}
          aria-labelledby={`${ids}-nothing`}
          onClick={() => props.onNothingFound(!nothingFound)}
        />
        <span id={`${ids}-nothing`}>Found nothing</span>
      </div>
      <ChipPicker
        legend="Species found"
        options={options}
        selected={species}
        onChange={props.onSpecies}
        disabled={nothingFound}
        emptyText="No species yet: add one below."
      />
      <AddSpecies
        offered={options}
        spotCategories={props.spotCategories}
        disabled={nothingFound}
        onAdded={(name) => {
          if (!species.includes(name)) props.onSpecies([...species, name]);
        }}
      />
      {species.length > 0 && (
        <fieldset className="chip-field">
          <legend>How much (optional)</legend>
          <ul className="find-quantities">
            {species.map((name) => {
              const draft = drafts[name] ?? emptyDraft;
              const error = errors[name];
              const errorId = `${ids}-${name}-error`;
              return (
                <li key={name}>
                  <span className="find-name">{name}</span>
                  <input
                    type="text"
                    inputMode="decimal"
                    className="find-quantity"
                    aria-label={`Quantity of ${name}`}
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? errorId : undefined}
                    value={draft.quantity}
                    onChange={(event) =>
                      props.onDraft(name, { ...draft, quantity: event.target.value })
                    }
                  />
                  <select
                    aria-label={`Unit of ${name}`}
                    value={draft.unit}
                    onChange={(event) =>
                      props.onDraft(name, { ...draft, unit: event.target.value as FindUnit })
                    }
                  >
                    {units.map((unit) => (
                      <option key={unit} value={unit}>
                        {unitNames[unit]}
                      </option>
                    ))}
                  </select>
                  {error && (
                    <p className="field-error" id={errorId}>
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
