import { Link } from 'react-router';

/** Public, outside the readiness gate (docs/behaviour.md#routes): readable even when the server sleeps. */
export function PrivacyPolicyPage() {
  return (
    <div className="policy-page">
      <header className="policy-header">
        <Link to="/" className="app-brand">
          <span className="brand-logo" aria-hidden="true" /> Foraging Journal
        </Link>
      </header>
      <main className="policy" id="main">
        <h1>Privacy policy</h1>
        <p className="policy-lead">
          Foraging Journal is a private notebook for your spots. It runs on a server operated by
          whoever set up this copy of the app (the operator), and it keeps your data there and
          nowhere else.
        </p>

        <h2>What the app stores</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your email address and a hash of your password (never the
            password itself), plus the sessions of the devices you are signed in on.
          </li>
          <li>
            <strong>Your locations:</strong> the spots you mark, with their position, the area you
            draw, and the names, species, terrain and tree types you give them.
          </li>
          <li>
            <strong>Your entries:</strong> the dated notes you add to a location: what you found,
            how much, the weather and your remarks.
          </li>
          <li>
            <strong>Your photos:</strong> the pictures you attach to entries. Their GPS tags and all
            other embedded metadata are removed when they are uploaded, so a shared picture never
            gives a spot away.
          </li>
          <li>
            <strong>Your preferences:</strong> your lists of species categories, species, terrain
            and tree types, and whether the tutorial is shown.
          </li>
        </ul>
        <p>
          Your browser also keeps a copy of your preference lists and a note of who last signed in,
          so the app starts quickly. Signing out removes both.
        </p>

        <h2>Where it is kept</h2>
        <p>
          Everything lives on the operator&apos;s server: your account, locations and entries in its
          database (a SQLite file, or a PostgreSQL database on larger set-ups), and your photos in
          its photo folder or in an S3-compatible storage bucket the operator chose. Each record
          belongs to one account and is only ever served to that account.
        </p>

        <h2>Who it is shared with</h2>
        <p>
          Nobody. The app sells nothing, shows no ads, has no analytics or tracking, and shares none
          of your data with third parties.
        </p>
        <p>
          To draw the map and to search for places, your browser asks the map providers the operator
          configured for map tiles and for geocoding (turning a place name into a position). Those
          requests carry the part of the map you are looking at or the words you search for, like
          any web map; they do not carry your account or your saved spots.
        </p>

        <h2>Keeping, exporting and deleting</h2>
        <p>
          Your data stays until you delete it. On the profile page you can delete your account,
          which removes your account, locations, entries, photos and preferences from the server for
          good. Export of your whole journal (with photos) arrives with the journal itself and will
          also live on the profile page.
        </p>

        <h2>Cookies</h2>
        <p>
          The app only sets the session cookie that keeps you signed in. There are no tracking or
          advertising cookies.
        </p>

        <h2>Questions</h2>
        <p>
          Ask the operator of this server: they hold your data and can answer for it. This policy
          changes only with the app, and a change will be shown here.
        </p>

        <p className="policy-back">
          <Link to="/">Back to the app</Link>
        </p>
      </main>
    </div>
  );
}
