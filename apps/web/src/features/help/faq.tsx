import { Link } from 'react-router';

const questions = [
  {
    q: 'Who can see my spots?',
    a: 'Only you. Your spots, entries and photos are stored on this server and never leave it; nothing is shared unless you share it.',
  },
  {
    q: 'Do my photos reveal where I took them?',
    a: 'No. Location (GPS) tags and all other hidden data are removed from every photo when it is uploaded.',
  },
  {
    q: 'Does it work without signal?',
    a: 'The journal keeps what it has loaded on your device. Full offline use, with changes sent once you are back online, is on its way.',
  },
  {
    q: 'Can I export my journal?',
    a: 'Export to GeoJSON, GPX, KML and CSV, and a full backup with photos, are coming soon.',
  },
];

/** Plain <details>: keyboard and screen-reader friendly without any script. */
export function Faq() {
  return (
    <div className="faq">
      {questions.map(({ q, a }) => (
        <details key={q}>
          <summary>{q}</summary>
          <p>{a}</p>
        </details>
      ))}
      <details>
        <summary>How do I delete my account?</summary>
        <p>
          Go to <Link to="/profile">Profile</Link>, open the danger zone and choose Delete account.
          You type DELETE and your password; then every spot, entry and photo is removed for good.
        </p>
      </details>
    </div>
  );
}
