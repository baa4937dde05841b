import { useId } from 'react';

export const WEATHER_SUGGESTIONS = ['Sunny', 'Overcast', 'Rain', 'After rain', 'Frost'] as const;

interface Props {
  value: string;
  onChange(value: string): void;
}

/** Free text, with one-tap suggestions for the usual cases. */
export function WeatherField({ value, onChange }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Weather</label>
      <input
        id={id}
        type="text"
        maxLength={200}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="e.g. Overcast, 12 °C"
      />
      <div className="chip-list" role="group" aria-label="Weather suggestions">
        {WEATHER_SUGGESTIONS.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            className="chip chip-toggle"
            aria-pressed={value === suggestion}
            onClick={() => onChange(suggestion)}
          >
            {suggestion}
          </button>
        ))}
      </div>
    </div>
  );
}
