import { Link } from 'react-router';
import { useAuth } from '../../lib/identity/auth-provider.tsx';

/** Home: the map arrives here in the next step; for now, what is coming. */
export function HomePage() {
  const { user } = useAuth();
  const who = user?.name || user?.email || 'forager';
  return (
    <div className="page">
      <h1>Hello, {who}</h1>
      <p className="page-lead">Your journal is set up and ready for its first spot.</p>
      <section className="next-panel" aria-labelledby="next-title">
        <div className="map-preview" aria-hidden="true">
          <span className="map-pin" />
        </div>
        <div>
          <h2 id="next-title">What comes next</h2>
          <ol className="next-steps">
            <li>
              <strong>The map arrives here.</strong> Your spots will show on it, with the patches
              you draw around them.
            </li>
            <li>
              <strong>Add your first spot.</strong> Tap the map where you found something, give the
              place a name, and note what grows there.
            </li>
            <li>
              <strong>Keep a diary per spot.</strong> Dated entries with finds, amounts, weather and
              photos (their GPS tags are removed).
            </li>
          </ol>
          <p>
            Meanwhile, tune your species lists in <Link to="/settings">Settings</Link> or read the{' '}
            <Link to="/help">Help</Link> page.
          </p>
        </div>
      </section>
    </div>
  );
}
