import { useState, type FormEvent } from 'react';
import { changeName } from '../../lib/identity/account.ts';
import type { IdentityUser } from '../../lib/identity/identity.ts';
import { errorText } from './error-text.ts';

/** Renames the account; the page header picks the new name up through useAccountUser. */
export function NameForm({ user }: { user: IdentityUser }) {
  const [name, setName] = useState(user.name);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setMessage({ kind: 'error', text: 'Enter a name.' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const stored = await changeName(user.uid, name);
      setName(stored);
      setMessage({ kind: 'done', text: 'Name saved.' });
    } catch (error) {
      console.error('Renaming failed', error);
      setMessage({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="name-heading">
      <h2 id="name-heading">Your name</h2>
      <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor="profile-name">Name</label>
          <input
            id="profile-name"
            autoComplete="name"
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {message && (
          <p
            className={message.kind === 'error' ? 'form-error' : 'notice notice-success'}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save name'}
        </button>
      </form>
    </section>
  );
}
