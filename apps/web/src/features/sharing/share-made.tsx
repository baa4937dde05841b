import { useState } from 'react';

/** What a new share gave: a link to pass on, or the address an invitation went to. */
export type Made = { url: string } | { email: string };

/** The share is made: the link (shown this once) to copy, or where the invitation went. */
export function ShareMade({ made, onDone }: { made: Made; onDone(): void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="form-stack">
      {'url' in made ? (
        <>
          <p>
            Anyone with this link sees the spots as the preview showed, until the share ends or you
            revoke it. It is shown only now: copy it.
          </p>
          <div className="field">
            <label htmlFor="share-url">The link</label>
            <input
              id="share-url"
              type="text"
              readOnly
              value={made.url}
              onFocus={(e) => e.target.select()}
            />
          </div>
          <button type="button" className="button button-quiet" onClick={() => void copy(made.url)}>
            Copy the link
          </button>
          {copied !== null && (
            <p role="status">
              {copied ? 'Copied.' : 'Could not copy: select the link and copy it.'}
            </p>
          )}
        </>
      ) : (
        <p role="status">
          An invitation went to {made.email}. They see the spots once they accept it, signed in with
          that address.
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
