import { useState, type FormEvent } from 'react';
import { changeName } from '../../lib/identity/account.ts';
import type { IdentityUser } from '../../lib/identity/identity.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useSubmit } from '../../lib/ui/use-submit.ts';

/** Renames the account; the page header picks the new name up through useAccountUser. */
export function NameForm({ user }: { user: IdentityUser }) {
  const [name, setName] = useState(user.name);
  const { busy, error, setError, run } = useSubmit(errorMessage, { logAs: 'Renaming failed' });
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (!name.trim()) {
      setError('Enter a name.');
      return;
    }
    await run(async () => {
      setName(await changeName(user.uid, name));
      setSaved(true);
    });
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
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {saved && (
          <p className="notice notice-success" role="status">
            Name saved.
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save name'}
        </button>
      </form>
    </section>
  );
}
