import { useState, type FormEvent } from 'react';
import { changePassword, MIN_PASSWORD_LENGTH } from '../../lib/identity/account.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { passwordProblem } from './password-rules.ts';

const blank = { current: '', next: '', confirm: '' };

interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  autoComplete: string;
  hint?: string;
  onChange: (value: string) => void;
}

function PasswordInput({ id, label, value, autoComplete, hint, onChange }: PasswordInputProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export function PasswordForm() {
  const [values, setValues] = useState(blank);
  const { busy, error, setError, run } = useSubmit(errorMessage, {
    logAs: 'Changing the password failed',
  });
  const [done, setDone] = useState(false);
  const set = (key: keyof typeof blank) => (value: string) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const problem = passwordProblem(values);
    if (problem) {
      setError(problem);
      return;
    }
    await run(async () => {
      await changePassword(values.current, values.next);
      setValues(blank);
      setDone(true);
    });
  }

  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <PasswordInput
          id="current-password"
          label="Current password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
        />
        <PasswordInput
          id="new-password"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={values.next}
          onChange={set('next')}
        />
        <PasswordInput
          id="confirm-password"
          label="Repeat new password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className="notice notice-success" role="status">
            Password changed. Your other devices were signed out.
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
