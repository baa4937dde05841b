import { useState, type FormEvent } from 'react';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { EmailField } from './email-field.tsx';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}

/** Asks the server for a reset mail; the reset itself happens on the page the mail links to. */
export function ResetForm({ email, onEmailChange, onBack }: Props) {
  const { sendPasswordResetEmail } = useAuth();
  const { busy, error, run } = useSubmit(errorMessage);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    const ok = await run(() => sendPasswordResetEmail(address));
    if (ok) setSentTo(address);
  }

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Reset password"
    >
      <p className="form-intro">
        Enter the email of your account. We will send you a link to choose a new password.
      </p>
      <EmailField value={email} onChange={onEmailChange} autoFocus />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {sentTo && (
        <p className="notice notice-success" role="status">
          Reset email sent to {sentTo}. Open the link in it to choose a new password, then sign in
          here.
        </p>
      )}
      <button type="submit" className="button button-primary button-wide" disabled={busy}>
        {busy ? 'Sending…' : sentTo ? 'Send again' : 'Send reset link'}
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
