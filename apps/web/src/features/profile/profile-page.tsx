import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { deleteAccount, useAccountUser } from '../../lib/identity/account.ts';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { BackupSection } from './backup-section.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { NameForm } from './name-form.tsx';
import { RestoreSection } from './restore-section.tsx';
import { PasswordForm } from './password-form.tsx';
import '../../styles/pages.css';
import { useSignOut } from '../../lib/identity/use-sign-out.ts';

/** Who is signed in, name and password, signing out, and deleting the account. */
export function ProfilePage() {
  const { user: sessionUser, logout } = useAuth();
  const user = useAccountUser(sessionUser);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const { signOut, signingOut } = useSignOut();

  async function confirmDelete(password: string) {
    if (!user) return;
    await deleteAccount(user.uid, password);
    try {
      // The server session is gone with the account; this clears what the device still holds.
      await logout();
    } catch (error) {
      console.error('Clean-up after deleting the account failed', error);
    }
    toast.success('Your account and all its data were deleted.');
    navigate('/login', { replace: true });
  }

  if (!user) {
    return (
      <div className="page">
        <h1>Profile</h1>
        <div className="state-panel" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>Loading your account…</p>
        </div>
      </div>
    );
  }

  return (
    <div className="page">
      <h1>Profile</h1>
      <dl className="facts">
        <dt>Name</dt>
        <dd data-testid="profile-name">{user.name || '—'}</dd>
        <dt>Email</dt>
        <dd>{user.email || '—'}</dd>
      </dl>
      <NameForm key={user.uid} user={user} />
      <PasswordForm />
      <BackupSection />
      <RestoreSection />
      <section className="card" aria-labelledby="signout-heading">
        <h2 id="signout-heading">Sign out</h2>
        <p>Your journal stays on the server; sign in again any time.</p>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </section>
      <section className="card danger-zone" aria-labelledby="danger-heading">
        <h2 id="danger-heading">Danger zone</h2>
        <p>Delete your account together with every spot, entry and photo.</p>
        <button
          type="button"
          className="button button-destructive"
          onClick={() => setDeleting(true)}
        >
          Delete account…
        </button>
      </section>
      {deleting && (
        <DeleteAccountDialog onConfirm={confirmDelete} onCancel={() => setDeleting(false)} />
      )}
    </div>
  );
}
