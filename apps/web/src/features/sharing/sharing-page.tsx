import type { Share } from '@fj/contract/sharing';
import { useEffect, useState } from 'react';
import { sharingApi } from '../../lib/api/sharing-api.ts';
import { formatDayOf } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { ShareDialog } from './share-dialog.tsx';
import {
  audienceWords,
  dateWords,
  precisionWords,
  statusWords,
  lastUseWords,
} from './share-words.ts';
import '../../styles/pages.css';

type WithMe = Awaited<ReturnType<typeof sharingApi.withMe>>;

interface MyShareProps {
  share: Share;
  onRevoke(id: string): void;
  onEdit(share: Share): void;
}

function MyShare({ share, onRevoke, onEdit }: MyShareProps) {
  const [asking, setAsking] = useState(false);
  const live = share.status !== 'revoked' && share.status !== 'expired';
  const spots = `${share.locationIds.length} ${share.locationIds.length === 1 ? 'spot' : 'spots'}`;
  return (
    <li className="share-item">
      <strong>{audienceWords(share)}</strong>
      <span>
        {spots}, {precisionWords[share.precision]}, {dateWords[share.dates]}
      </span>
      <span>{statusWords(share)}</span>
      <span>{lastUseWords(share)}</span>
      {live && !asking ? (
        <>
          <button type="button" aria-haspopup="dialog" onClick={() => onEdit(share)}>
            Edit
          </button>
          <button type="button" onClick={() => setAsking(true)}>
            Revoke
          </button>
        </>
      ) : null}
      {live && asking ? (
        <span role="group" aria-label="Revoke this share?">
          <button type="button" onClick={() => onRevoke(share.id)}>
            Revoke now
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Keep
          </button>
        </span>
      ) : null}
    </li>
  );
}

/** The owner's shares (Revoke), and what others share with this user (Accept). */
export function SharingPage() {
  const [mine, setMine] = useState<Share[] | null>(null);
  const [withMe, setWithMe] = useState<WithMe | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<Share | null>(null);

  // Raised after each change: the lists are read again.
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    Promise.all([sharingApi.mine(), sharingApi.withMe()]).then(
      ([own, others]) => {
        if (!current) return;
        setMine(own);
        setWithMe(others);
        setFailure(null);
      },
      (error: unknown) => current && setFailure(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [round]);

  const act = (work: () => Promise<unknown>) => () =>
    void work().then(
      () => setRound((n) => n + 1),
      (error: unknown) => setFailure(errorMessage(error)),
    );

  return (
    <div className="page">
      <h1>Sharing</h1>
      {failure ? <p role="alert">{failure}</p> : null}
      <section aria-labelledby="mine-heading">
        <h2 id="mine-heading">What you share</h2>
        <p className="page-lead">
          Revoking ends a share at once, everywhere. It cannot unsee what was already viewed.
        </p>
        {mine === null ? <p role="status">Loading…</p> : null}
        {mine?.length === 0 ? <p>You share nothing.</p> : null}
        <ul className="share-list">
          {mine?.map((share) => (
            <MyShare
              key={share.id}
              share={share}
              onRevoke={(id) => act(() => sharingApi.revoke(id))()}
              onEdit={setEditing}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="with-me-heading">
        <h2 id="with-me-heading">Shared with you</h2>
        {withMe?.length === 0 ? <p>Nobody shares spots with you.</p> : null}
        <ul className="share-list">
          {withMe?.map((grant) => (
            <li key={grant.id} className="share-item">
              <strong>From {grant.from.name}</strong>
              <span>
                {precisionWords[grant.precision]}, until {formatDayOf(grant.expiresAt)}
              </span>
              {grant.status === 'pending' ? (
                <button type="button" onClick={act(() => sharingApi.accept(grant.id))}>
                  Accept
                </button>
              ) : (
                <span>{grant.locations?.map((spot) => spot.name).join(', ')} · on your map</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {editing && (
        <ShareDialog
          share={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setRound((n) => n + 1)}
        />
      )}
    </div>
  );
}
