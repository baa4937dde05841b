import { shareDatePrecisions, sharePrecisions } from '@fj/contract/sharing';
import type { ShareChoices } from './share-choices.ts';
import { expiryRange } from './share-choices.ts';
import { dateChoices, precisionChoices } from './share-words.ts';

interface Props {
  choices: ShareChoices;
  onChange(choices: ShareChoices): void;
  disabled: boolean;
  /** Date.now() when the dialog opened: the expiry's bounds. */
  openedAt: number;
}

const includeLabels = { finds: 'Finds', notes: 'Notes', photos: 'Photos' } as const;

/** How finely, what, and until when: the choices every share makes. */
export function ShareOptions({ choices, onChange, disabled, openedAt }: Props) {
  const range = expiryRange(openedAt);
  return (
    <>
      <fieldset className="plain-fieldset">
        <legend>Place</legend>
        <div className="export-choices">
          {sharePrecisions.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="share-precision"
                checked={choices.precision === value}
                onChange={() => onChange({ ...choices, precision: value })}
                disabled={disabled}
              />
              {precisionChoices[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="plain-fieldset">
        <legend>Visit dates</legend>
        <div className="export-choices">
          {shareDatePrecisions.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="share-dates"
                checked={choices.dates === value}
                onChange={() => onChange({ ...choices, dates: value })}
                disabled={disabled}
              />
              {dateChoices[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="plain-fieldset">
        <legend>Also show</legend>
        <div className="export-choices">
          {(['finds', 'notes', 'photos'] as const).map((key) => (
            <label key={key}>
              <input
                type="checkbox"
                checked={choices.include[key]}
                onChange={(event) =>
                  onChange({
                    ...choices,
                    include: { ...choices.include, [key]: event.target.checked },
                  })
                }
                disabled={disabled}
              />
              {includeLabels[key]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="share-expires">Shared until (the end of that day)</label>
        <input
          id="share-expires"
          type="date"
          value={choices.expiresOn}
          min={range.min}
          max={range.max}
          onChange={(event) => onChange({ ...choices, expiresOn: event.target.value })}
          disabled={disabled}
          required
        />
      </div>
    </>
  );
}
