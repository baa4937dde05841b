import { useId, useState, type FormEvent } from 'react';
import { checkNewName } from './check-name.ts';

interface AddNameFormProps {
  /** The visible label of the text box, e.g. "New category". */
  label: string;
  placeholder?: string;
  existing: readonly string[];
  onAdd: (name: string) => Promise<void>;
}

/** A labelled text box with Add; an empty or repeated name gets a hint instead of silence. */
export function AddNameForm({ label, placeholder, existing, onAdd }: AddNameFormProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [hint, setHint] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkNewName(value, existing);
    if (!checked.ok) {
      setHint(checked.hint);
      return;
    }
    setHint(null);
    setValue('');
    // The store shows the change at once and saves it behind the scenes (docs/behaviour.md#optimistic-changes).
    void onAdd(checked.name);
  }

  return (
    <form className="add-form" onSubmit={submit} noValidate>
      <div className="add-row">
        <label className="visually-hidden" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          value={value}
          placeholder={placeholder ?? label}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setHint(null);
          }}
        />
        <button type="submit" className="button button-quiet">
          Add
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="inline-hint" role="status">
          {hint}
        </p>
      )}
    </form>
  );
}
