import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api/api-error.ts';
import { sharingApi } from '../../lib/api/sharing-api.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import '../../styles/pages.css';

/** `#{grant id}.{token}` as the invitation mail's link carries it; null when it is not that. */
export function readInvitation(hash: string): { grantId: string; token: string } | null {
  const fragment = hash.replace(/^#/, '');
  const dot = fragment.lastIndexOf('.');
  if (dot <= 0 || dot === fragment.length - 1) return null;
  return { grantId: fragment.slice(0, dot), token: fragment.slice(dot + 1) };
}

type State = 'asking' | 'busy' | 'accepted' | 'ended' | { failed: string };

/**
 * The page an invitation mail links to (`/invitation#{grant id}.{token}`, docs/behaviour.md#sharing).
 * Opening it changes nothing, since mail scanners open every link: only Accept does. The token
 * is taken out of the address bar and history once read.
 */
export function InvitationPage() {
  const [invitation] = useState(() => readInvitation(window.location.hash));
  const [state, setState] = useState<State>('asking');
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  async function accept() {
    if (!invitation) return;
    setState('busy');
    try {
      await sharingApi.accept(invitation.grantId, invitation.token);
      setState('accepted');
      // The spots come with the next read of what is shared: now.
      void useJournalStore.getState().fetchLocations(true);
    } catch (error) {
      setState(
        error instanceof ApiError && error.status === 404
          ? 'ended'
          : { failed: errorMessage(error) },
      );
    }
  }

  return (
    <div className="page">
      <h1>An invitation to see shared spots</h1>
      {!invitation || state === 'ended' ? (
        <p role="alert">
          This invitation has ended, was revoked, was for another address, or the link is not
          complete.
        </p>
      ) : state === 'accepted' ? (
        <p role="status">
          Accepted. The shared spots are on <Link to="/">your map</Link>, labelled by who shares
          them.
        </p>
      ) : (
        <>
          <p className="page-lead">
            Someone shares foraging spots with the address you signed in with. Nothing is shown
            until you accept; you see only what they chose, for as long as they chose.
          </p>
          {typeof state === 'object' ? <p role="alert">{state.failed}</p> : null}
          <p>
            <button
              type="button"
              className="button button-primary"
              disabled={state === 'busy'}
              onClick={() => void accept()}
            >
              Accept
            </button>{' '}
            <Link to="/sharing">Not now</Link>
          </p>
        </>
      )}
    </div>
  );
}
