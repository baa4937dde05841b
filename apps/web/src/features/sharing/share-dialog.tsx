import { shareLimits, type Share } from '@fj/contract/sharing';
import { useState, type FormEvent } from 'react';
import { sharingApi } from '../../lib/api/sharing-api.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import {
  changesOf,
  choicesOf,
  createInput,
  newChoices,
  previewInput,
  type ShareChoices,
} from './share-choices.ts';
import { ShareMade, type Made } from './share-made.tsx';
import { ShareOptions } from './share-options.tsx';
import { SharePreview } from './share-preview.tsx';
import { ShareSpotPicker } from './share-spot-picker.tsx';
import { useSharePreview } from './use-share-preview.ts';
import '../../styles/sharing.css';

export interface ShareDialogProps {
  /** A new share of these spots (one from a spot, the shown ones from the Locations page)… */
  locationIds?: readonly string[];
  /** …or a change to this one. */
  share?: Share;
  onClose(): void;
  /** The share was made or changed. */
  onSaved?(): void;
}

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/**
 * Share chosen spots with a person (by e-mail) or a link, or change a share: the choices, and a
 * preview of exactly what the viewer will receive, before anything is made or changed
 * (docs/behaviour.md#sharing).
 */
export function ShareDialog({ locationIds = [], share, onClose, onSaved }: ShareDialogProps) {
  const [openedAt] = useState(() => Date.now());
  const [choices, setChoices] = useState<ShareChoices>(() =>
    share ? choicesOf(share) : newChoices(locationIds, openedAt),
  );
  const [audience, setAudience] = useState<'email' | 'link'>('email');
  const [email, setEmail] = useState('');
  const [made, setMade] = useState<Made | null>(null);
  const locations = useJournalStore((state) => state.locations);
  const offered = share ? share.locationIds : locationIds;
  const spots = offered.map((id) => ({
    id,
    name:
      locations.find((location) => location.id === id)?.name ?? 'A spot no longer in your journal',
  }));
  const preview = useSharePreview(previewInput(choices));
  const { busy, error, setError, run } = useSubmit(errorMessage, { logAs: 'Share failed' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (choices.locationIds.length === 0) return setError('Choose at least one spot');
    if (choices.locationIds.length > shareLimits.locations)
      return setError(`A share holds at most ${shareLimits.locations} spots`);
    if (!share && audience === 'email' && !looksLikeEmail(email.trim()))
      return setError('Enter the e-mail address to invite');
    const done = await run(async () => {
      if (share) {
        await sharingApi.update(share.id, changesOf(share, choices));
        return;
      }
      const to = email.trim();
      const answer = await sharingApi.create(
        createInput(choices, audience === 'link' ? { link: true } : { email: to }),
      );
      setMade(answer.url ? { url: answer.url } : { email: to });
    });
    if (!done) return;
    onSaved?.();
    if (share) onClose();
  }

  const close = () => {
    if (!busy) onClose();
  };
  const title = share ? 'Change this share' : 'Share spots';
  if (made)
    return (
      <ModalDialog title={title} onClose={onClose}>
        <ShareMade made={made} onDone={onClose} />
      </ModalDialog>
    );
  return (
    <ModalDialog title={title} onClose={close} className="share-dialog">
      <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <ShareSpotPicker
          spots={spots}
          chosen={choices.locationIds}
          onChange={(ids) => setChoices({ ...choices, locationIds: ids })}
          disabled={busy}
        />
        {!share && (
          <fieldset className="plain-fieldset">
            <legend>With</legend>
            <div className="export-choices">
              <label>
                <input
                  type="radio"
                  name="share-audience"
                  checked={audience === 'email'}
                  onChange={() => setAudience('email')}
                  disabled={busy}
                />
                A person, by e-mail
              </label>
              <label>
                <input
                  type="radio"
                  name="share-audience"
                  checked={audience === 'link'}
                  onChange={() => setAudience('link')}
                  disabled={busy}
                />
                Anyone with a link
              </label>
            </div>
            {audience === 'email' && (
              <div className="field">
                <label htmlFor="share-email">Their e-mail address</label>
                <input
                  id="share-email"
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={busy}
                />
              </div>
            )}
          </fieldset>
        )}
        <ShareOptions choices={choices} onChange={setChoices} disabled={busy} openedAt={openedAt} />
        <SharePreview choices={choices} preview={preview} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-quiet" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {share ? (busy ? 'Saving…' : 'Save changes') : busy ? 'Sharing…' : 'Share'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
