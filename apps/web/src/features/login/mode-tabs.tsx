import { useRef, type KeyboardEvent } from 'react';

export type CredentialsMode = 'sign-in' | 'sign-up';

const tabs: readonly { mode: CredentialsMode; label: string }[] = [
  { mode: 'sign-in', label: 'Sign in' },
  { mode: 'sign-up', label: 'Create account' },
];

interface Props {
  mode: CredentialsMode;
  onChange: (mode: CredentialsMode) => void;
}

/** Sign in / Create account, as ARIA tabs (arrow keys move between them). */
export function ModeTabs({ mode, onChange }: Props) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.mode);
    refs.current[next]?.focus();
  }
  return (
    <div className="mode-tabs" role="tablist" aria-label="Account">
      {tabs.map((tab, index) => (
        <button
          key={tab.mode}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`tab-${tab.mode}`}
          aria-selected={mode === tab.mode}
          aria-controls="credentials-panel"
          tabIndex={mode === tab.mode ? 0 : -1}
          onClick={() => onChange(tab.mode)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
