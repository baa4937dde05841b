import { useId } from 'react';

export const ABUNDANCE_MAX = 5;
const levels = Array.from({ length: ABUNDANCE_MAX + 1 }, (_, level) => level);

/** Read-only: five dots, filled up to the amount found. */
export function AbundanceDots({ value }: { value: number }) {
  const level = Math.min(ABUNDANCE_MAX, Math.max(0, Math.round(value)));
  return (
    <span
      className="abundance-dots"
      role="img"
      aria-label={`Abundance ${level} of ${ABUNDANCE_MAX}`}
    >
      {levels.slice(1).map((dot) => (
        <span key={dot} className="abundance-dot" data-on={dot <= level} />
      ))}
    </span>
  );
}

interface InputProps {
  value: number | null;
  onChange(value: number | null): void;
}

/** A radio group 0–5, so an out-of-range amount cannot even be entered; "Clear" unsets it. */
export function AbundanceInput({ value, onChange }: InputProps) {
  const name = useId();
  return (
    <fieldset className="chip-field">
      <legend>Abundance (0 = none found, 5 = plenty)</legend>
      <div className="abundance-options">
        {levels.map((level) => (
          <label key={level} className="abundance-option">
            <input
              type="radio"
              name={name}
              value={level}
              checked={value === level}
              onChange={() => onChange(level)}
              aria-label={`Abundance ${level} of ${ABUNDANCE_MAX}`}
            />
            <span aria-hidden="true">{level}</span>
          </label>
        ))}
      </div>
      {value !== null && (
        <button type="button" className="link-button" onClick={() => onChange(null)}>
          Clear abundance
        </button>
      )}
    </fieldset>
  );
}
