import { useId } from 'react';

interface Props {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

export function EmailField({ value, onChange, autoFocus }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
