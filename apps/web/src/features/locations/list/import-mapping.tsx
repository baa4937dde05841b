import {
  choose,
  columnLabels,
  mappingOrder,
  requiredColumns,
  type ColumnChoice,
} from './csv-mapping.ts';

interface ImportMappingProps {
  header: readonly string[];
  choice: ColumnChoice;
  onChoice(choice: ColumnChoice): void;
  disabled: boolean;
}

/** CSV: which of the file's columns holds each of our fields (docs/files.md#import). */
export function ImportMapping({ header, choice, onChoice, disabled }: ImportMappingProps) {
  return (
    <fieldset className="plain-fieldset">
      <legend>Columns</legend>
      <p className="field-hint">
        Which column of the file holds each field; a column feeds one field. Spot name, latitude and
        longitude are needed; a visit date makes a row a visit.
      </p>
      <div className="import-mapping">
        {mappingOrder.map((column) => {
          const id = `import-column-${column}`;
          const required = requiredColumns.includes(column);
          return (
            <div className="filter-field" key={column}>
              <label htmlFor={id}>
                {columnLabels[column]}
                {required ? ' *' : ''}
              </label>
              <select
                id={id}
                value={choice[column]}
                disabled={disabled}
                aria-required={required}
                onChange={(event) => onChoice(choose(choice, column, event.target.value))}
              >
                <option value="">(not in the file)</option>
                {header.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
