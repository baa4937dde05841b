import type { Ref } from 'react';
import { formatEntryDate } from './entry-dates.ts';

interface Props {
  id: string;
  value: string;
  error?: string;
  /** The day a photo set, said under the field with a way back to today. */
  fromPhoto: string | null;
  inputRef?: Ref<HTMLInputElement>;
  onChange(value: string): void;
  onKeepToday(): void;
}

/** The visit's date; the form's first field, focused when the form opens. */
export function EntryDateField({
  id,
  value,
  error,
  fromPhoto,
  inputRef,
  onChange,
  onKeepToday,
}: Props) {
  const hintId = `${id}-photo`;
  return (
    <div className="field">
      <label htmlFor={id}>Date</label>
      <input
        id={id}
        ref={inputRef}
        type="date"
        required
        value={value}
        max="9999-12-31"
        aria-invalid={Boolean(error)}
        aria-describedby={
          [error ? `${id}-error` : '', fromPhoto ? hintId : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field-hint" id={hintId} role="status">
        {fromPhoto && (
          <>
            Dated from your photo, taken {formatEntryDate(fromPhoto)}.{' '}
            <button type="button" className="link-button" onClick={onKeepToday}>
              Use today
            </button>
          </>
        )}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
