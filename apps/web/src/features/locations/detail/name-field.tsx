import { limits } from '@fj/contract/limits';
import { useId } from 'react';

interface Props {
  value: string;
  onChange(value: string): void;
  error?: string;
  autoFocus?: boolean;
}

/** The spot's name: required, 1–120 characters (the contract's rule). */
export function NameField({ value, onChange, error, autoFocus }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Name</label>
      <input
        id={id}
        type="text"
        required
        maxLength={120}
        autoComplete="off"
        autoFocus={autoFocus}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        placeholder="e.g. Oak ridge"
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function DescriptionField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Description</label>
      <textarea
        id={id}
        maxLength={limits.longTextLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="How to find it, what grows there…"
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

export const LOCATION_FIELD_MESSAGES: Record<string, string> = {
  name: 'Give the spot a name (1 to 120 characters).',
  description: `The description is too long (${limits.longTextLength} characters at most).`,
  position: 'The position is not a valid point on the map.',
  area: 'The patch is not a valid shape.',
};
