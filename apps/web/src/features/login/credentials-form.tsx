import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { signedInHereBefore } from '../../lib/identity/this-device.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { EmailField } from './email-field.tsx';
import type { CredentialsMode } from './mode-tabs.tsx';
import { PasswordField } from './password-field.tsx';

interface Props {
  mode: CredentialsMode;
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

const texts = {
  'sign-in': { submit: 'Sign in', busy: 'Signing in…', done: 'Welcome back!', first: 'Signed in.' },
  'sign-up': {
    submit: 'Create account',
    busy: 'Creating account…',
    done: 'Your journal is ready. Welcome!',
  },
} as const;

/** Sign-in and sign-up share one form; the guard moves a signed-in user on to /. */
export function CredentialsForm({ mode, email, onEmailChange, onForgotPassword }: Props) {
  const { signIn, signUp } = useAuth();
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit(errorMessage);
  const text = texts[mode];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const returning = signedInHereBefore();
    const ok = await run(async () => {
      const address = email.trim();
      if (mode === 'sign-in') await signIn(address, password);
      else await signUp(address, password);
    });
    if (ok) toast.success('first' in text && !returning ? text.first : text.done);
  }

  return (
    // The tab panel wraps the form: a <form> may not take the tabpanel role (axe aria-allowed-role).
    <div id="credentials-panel" role="tabpanel" aria-labelledby={`tab-${mode}`}>
      <form className="auth-form" onSubmit={(event) => void submit(event)}>
        <EmailField value={email} onChange={onEmailChange} />
        <PasswordField
          value={password}
          onChange={setPassword}
          autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
          hint={mode === 'sign-up' ? 'At least 6 characters.' : undefined}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-wide" disabled={busy}>
          {busy ? text.busy : text.submit}
        </button>
        {mode === 'sign-in' && (
          <button type="button" className="link-button" onClick={onForgotPassword}>
            Forgot password?
          </button>
        )}
      </form>
    </div>
  );
}
