import type { CSSProperties } from 'react';
import '../../styles/journal.css';

interface Props {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onChange(next: string[]): void;
  /** A colour per option (categories); plain chips without it. */
  colorOf?: (option: string) => string;
  /** Shown instead of the chips when there is nothing to pick. */
  emptyText?: string;
  disabled?: boolean;
}

/**
 * A multi-select as a group of checkbox chips: big touch targets, every chip visible at once,
 * and screen readers hear ordinary checkboxes in a named group.
 */
export function ChipPicker({
  legend,
  options,
  selected,
  onChange,
  colorOf,
  emptyText,
  disabled,
}: Props) {
  function toggle(option: string, on: boolean) {
    const next = on ? [...selected, option] : selected.filter((item) => item !== option);
    // Keep the order of the options, so what is saved does not depend on tapping order.
    onChange(options.filter((item) => next.includes(item)));
  }
  return (
    <fieldset className="chip-field" disabled={disabled}>
      <legend>{legend}</legend>
      {options.length === 0 ? (
        <p className="field-hint">{emptyText ?? 'Nothing to choose from yet.'}</p>
      ) : (
        <div className="chip-list">
          {options.map((option) => (
            <label
              key={option}
              className="chip chip-toggle"
              style={colorOf ? ({ '--chip-color': colorOf(option) } as CSSProperties) : undefined}
            >
              <input
                type="checkbox"
                checked={selected.includes(option)}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
