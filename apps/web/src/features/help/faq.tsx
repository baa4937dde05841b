import { Link } from 'react-router';

/**
 * The questions people ask, answered as the app works today (e2e/help-claims.e2e.ts proves each
 * answer's features exist). Plain <details>: keyboard and screen-reader friendly without script.
 */
export function Faq() {
  return (
    <div className="faq">
      <details>
        <summary>Who can see my spots?</summary>
        <p>
          Only you. Your spots, entries and photos are stored on this server; nothing is shared
          unless you share it from the <Link to="/sharing">Sharing</Link> page.
        </p>
      </details>
      <details>
        <summary>Do my photos reveal where I took them?</summary>
        <p>
          No. Location (GPS) tags and all other hidden data are removed from every photo when it is
          uploaded.
        </p>
      </details>
      <details>
        <summary>Does it work without signal?</summary>
        <p>
          Yes. The journal is kept on your device: you can open it, add spots and entries and take
          photos offline, and your changes are sent once you are back online. The header says
          Offline and how many changes are waiting. Save map areas for offline use from the map’s
          Saved map areas button.
        </p>
      </details>
      <details>
        <summary>Can I export my journal?</summary>
        <p>
          Yes. On the <Link to="/locations">Locations</Link> page, Export writes GeoJSON, GPX, KML,
          CSV or an iNaturalist CSV, and Import reads them back. A full backup with photos is on
          your <Link to="/profile">Profile</Link>.
        </p>
      </details>
      <details>
        <summary>How do I delete my account?</summary>
        <p>
          Go to <Link to="/profile">Profile</Link> and, in its Danger zone, choose Delete account.
          You type DELETE and your password; then every spot, entry and photo is removed for good.
        </p>
      </details>
    </div>
  );
}
