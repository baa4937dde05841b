interface TagListProps {
  /** Shown, never removable (the built-in defaults). */
  fixed?: readonly string[];
  removable: readonly string[];
  /** What the remove buttons say, e.g. "Remove terrain type". */
  removeLabel: string;
  onRemove: (name: string) => void;
  emptyText?: string;
}

/** Names as chips; each removable one has its own labelled button. */
export function TagList({ fixed = [], removable, removeLabel, onRemove, emptyText }: TagListProps) {
  if (fixed.length === 0 && removable.length === 0)
    return emptyText ? <p className="inline-hint">{emptyText}</p> : null;
  return (
    <ul className="tag-list">
      {fixed.map((name) => (
        <li key={`fixed-${name}`} className="tag tag-fixed" title="Built in">
          {name}
        </li>
      ))}
      {removable.map((name) => (
        <li key={name} className="tag">
          {name}
          <button
            type="button"
            className="tag-remove"
            aria-label={`${removeLabel} ${name}`}
            onClick={() => onRemove(name)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
