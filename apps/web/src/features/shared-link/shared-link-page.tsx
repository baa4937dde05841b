import type { SharedLocation } from '@fj/contract/sharing';
import { useEffect, useState } from 'react';
import { ApiError, NETWORK_CODE, TIMEOUT_CODE } from '../../lib/api/api-error.ts';
import { openSharedLink, type SharedLinkView } from '../../lib/api/shared-link-api.ts';
import { formatDayOf, formatVisitDate } from '../../lib/dates.ts';
import { placeText } from '../../lib/sharing/place-text.ts';
import { SharedPhoto } from './shared-photo.tsx';

/**
 * The token lives in the fragment, which never reaches a server; it is read once and taken out
 * of the address bar and history, so neither a screenshot nor the back button keeps it.
 */
function takeToken(): string {
  const token = window.location.hash.slice(1);
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404)
    return 'This link has expired, was revoked, or is not complete.';
  if (error instanceof ApiError && error.status === 429)
    return 'Too many wrong links were opened from this network. Try again in 15 minutes.';
  if (error instanceof ApiError && (error.code === NETWORK_CODE || error.code === TIMEOUT_CODE))
    return 'The server could not be reached. Check your connection and open the link again.';
  return 'The shared spots could not be opened.';
}

function SharedSpot({ spot, view }: { spot: SharedLocation; view: SharedLinkView }) {
  return (
    <article className="shared-spot" aria-labelledby={`spot-${spot.id}`}>
      <h2 id={`spot-${spot.id}`}>{spot.name}</h2>
      <p className="shared-place">{placeText(spot, view.precision)}</p>
      {spot.entries.length === 0 ? <p>No visits shared.</p> : null}
      <ul className="shared-entries">
        {spot.entries.map((entry) => (
          <li key={entry.id}>
            <strong>{formatVisitDate(entry.date)}</strong>
            {entry.finds && entry.finds.length > 0 ? (
              <span>
                {' · '}
                {entry.finds
                  .map((find) =>
                    [find.species, find.quantity, find.unit]
                      .filter((part) => part != null)
                      .join(' '),
                  )
                  .join(', ')}
              </span>
            ) : null}
            {entry.notes ? <p>{entry.notes}</p> : null}
            {entry.photos?.map((photo) => (
              <SharedPhoto key={photo.id} credential={view.credential} photoId={photo.id} />
            ))}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** `/s/#token`: what a share link shows, to anyone holding it, with no account. */
export function SharedLinkPage() {
  const [token] = useState(takeToken);
  const [view, setView] = useState<SharedLinkView | null>(null);
  const [failure, setFailure] = useState<string | null>(
    token ? null : 'This link is not complete: ask for it again.',
  );
  useEffect(() => {
    if (!token) return;
    let current = true;
    openSharedLink(token).then(
      (opened) => current && setView(opened),
      (error: unknown) => current && setFailure(failureText(error)),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="policy-page">
      <main className="policy shared-link" id="main" aria-busy={!view && !failure}>
        <h1>{view ? `Spots shared by ${view.from.name}` : 'Shared spots'}</h1>
        {failure ? <p role="alert">{failure}</p> : null}
        {!view && !failure ? <p role="status">Opening the shared spots…</p> : null}
        {view ? (
          <>
            <p>Shared until {formatDayOf(view.expiresAt)}.</p>
            {view.locations.map((spot) => (
              <SharedSpot key={spot.id} spot={spot} view={view} />
            ))}
          </>
        ) : null}
      </main>
    </div>
  );
}
