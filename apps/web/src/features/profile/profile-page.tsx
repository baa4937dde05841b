import { useAuth } from '../../lib/identity/auth-provider.tsx';

/** Account details; export and deletion come with the journal. */
export function ProfilePage() {
  const { user } = useAuth();
  return (
    <div className="page">
      <h1>Profile</h1>
      <dl className="facts">
        <dt>Signed in as</dt>
        <dd>{user?.email ?? '—'}</dd>
      </dl>
      <section className="next-panel next-panel-plain" aria-labelledby="profile-next">
        <h2 id="profile-next">What comes next</h2>
        <p>
          Here you will change your name and password, export your whole journal (locations, entries
          and photos), and delete your account together with all its data.
        </p>
      </section>
    </div>
  );
}
