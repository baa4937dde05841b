import { Link } from 'react-router';

/** Help and the tutorial arrive with the map; until then, a short orientation. */
export function HelpPage() {
  return (
    <div className="page">
      <h1>Help</h1>
      <p className="page-lead">How the journal works, in short.</p>
      <section className="next-panel next-panel-plain" aria-labelledby="help-next">
        <h2 id="help-next">What comes next</h2>
        <p>
          A short tutorial will walk you through the map: adding a spot, drawing its patch and
          writing your first entry. You will be able to show it again from here at any time.
        </p>
        <p>
          Your data stays on this server only. Read the{' '}
          <Link to="/privacy-policy">privacy policy</Link> for the details.
        </p>
      </section>
    </div>
  );
}
