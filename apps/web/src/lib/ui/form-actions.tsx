interface Props {
  onCancel(): void;
  saving: boolean;
  /** Other reasons not to save yet (uploads still running). */
  disabled?: boolean;
  label: string;
  busyLabel: string;
}

/** The Cancel / Save pair every journal form ends with, with its busy state. */
export function FormActions({ onCancel, saving, disabled = false, label, busyLabel }: Props) {
  return (
    <div className="journal-actions">
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className="button button-primary"
        disabled={saving || disabled}
        aria-busy={saving}
      >
        {saving && <span className="spinner" aria-hidden="true" />}
        {saving ? busyLabel : label}
      </button>
    </div>
  );
}
