import type { MonthRange } from '@fj/contract/search-facets';
import { useId } from 'react';
import type { Condition } from '../../../lib/search/query-parts.ts';

const monthNames = Array.from({ length: 12 }, (_, index) =>
  new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, index, 1)),
  ),
);

interface MonthRangePickerProps {
  months: MonthRange | undefined;
  onToggle(condition: Condition): void;
}

/**
 * Visits from one month to another (`month:7-9`; November to February wraps the new year).
 * One month alone is that month; "Any" on both takes the condition out.
 */
export function MonthRangePicker({ months, onToggle }: MonthRangePickerProps) {
  const id = useId();
  const from = months?.from ?? 0;
  const to = months?.to ?? 0;

  function choose(nextFrom: number, nextTo: number) {
    const start = nextFrom || nextTo;
    const end = nextTo || nextFrom;
    if (start === 0) {
      if (months) onToggle({ key: 'months', value: `${months.from}-${months.to}` });
      return;
    }
    onToggle({ key: 'months', value: `${start}-${end}` });
  }

  const select = (label: string, value: number, onChange: (month: number) => void) => (
    <label className="month-pick">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        <option value={0}>Any</option>
        {monthNames.map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="facet-group" role="group" aria-labelledby={id}>
      <h3 id={id} className="facet-group-label">
        Months visited
      </h3>
      <div className="month-range">
        {select('From', from, (month) => choose(month, to))}
        {select('To', to, (month) => choose(from, month))}
      </div>
    </div>
  );
}
