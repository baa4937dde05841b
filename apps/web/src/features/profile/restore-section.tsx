import type { RestoreSummary } from '@fj/contract/backup';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import { useRef, useState } from 'react';
import { preferencesService } from '../../lib/api/preferences-service.ts';
import { previewRestore, runRestore, type RestoreProgress } from '../../lib/api/restore-upload.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { UploadProgress } from '../../lib/ui/upload-bar.tsx';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { useJournalStore } from '../../store/journal-store.ts';

interface RestoreSectionProps {
  /** For tests; the API's preview, restore and the journal's refresh otherwise. */
  preview?: (file: File, onProgress: RestoreProgress) => Promise<ImportPreview>;
  restore?: (file: File, onProgress: RestoreProgress) => Promise<ImportResult>;
  refresh?: () => Promise<void>;
}

type Step =
  | { name: 'choose' }
  | { name: 'preview'; file: File; summary: RestoreSummary; problems: number }
  | { name: 'done'; summary: RestoreSummary; problems: number };

async function refreshJournal(): Promise<void> {
  preferencesService.clearCache();
  await useJournalStore.getState().fetchLocations(true);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const counts = (c: RestoreSummary['added']) =>
  `${plural(c.spots, 'spot', 'spots')}, ${plural(c.entries, 'entry', 'entries')} and ${plural(c.photos, 'photo', 'photos')}`;

/**
 * Restores a backup ZIP into this account (docs/files.md#restore): the file is checked and
 * previewed first (what it adds, what is skipped), then restored on confirmation.
 */
export function RestoreSection({
  preview = previewRestore,
  restore = runRestore,
  refresh = refreshJournal,
}: RestoreSectionProps) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [progress, setProgress] = useState(0);
  const [working, setWorking] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, run } = useSubmit(errorMessage, { logAs: 'Restore failed' });

  function reset() {
    setStep({ name: 'choose' });
    if (input.current) input.current.value = '';
  }

  async function check(file: File) {
    setProgress(0);
    setWorking('Checking the backup…');
    await run(async () => {
      const answer = await preview(file, setProgress);
      if (!answer.restore) throw new Error('That file is not a Foraging Journal backup.');
      setStep({
        name: 'preview',
        file,
        summary: answer.restore,
        problems: answer.problems.length + (answer.moreProblems ?? 0),
      });
    });
  }

  async function confirm(file: File) {
    setProgress(0);
    setWorking('Restoring…');
    await run(async () => {
      const answer = await restore(file, setProgress);
      if (!answer.restore) throw new Error('That file is not a Foraging Journal backup.');
      setStep({
        name: 'done',
        summary: answer.restore,
        problems: answer.problems.length + (answer.moreProblems ?? 0),
      });
      await refresh();
    });
  }

  return (
    <section className="card" aria-labelledby="restore-heading">
      <h2 id="restore-heading">Restore</h2>
      <p>Bring back a backup ZIP. Spots you already have are skipped; nothing is overwritten.</p>
      {step.name === 'choose' && (
        <>
          <input
            ref={input}
            id="restore-file"
            type="file"
            accept=".zip,application/zip"
            className="visually-hidden"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void check(file);
            }}
          />
          <label htmlFor="restore-file" className="button button-quiet" aria-disabled={busy}>
            {busy ? 'Checking…' : 'Choose a backup…'}
          </label>
        </>
      )}
      {step.name === 'preview' && (
        <div className="restore-preview">
          <p>
            {step.file.name} holds {counts(step.summary.backup)}.
          </p>
          <ul>
            <li>Will be added: {counts(step.summary.added)}.</li>
            <li>
              Skipped, already in your journal:{' '}
              {plural(step.summary.skipped.spots, 'spot', 'spots')}.
            </li>
            {step.summary.newIds > 0 && (
              <li>
                {plural(step.summary.newIds, 'id is', 'ids are')} repeated in the backup: each
                repeat gets a new one.
              </li>
            )}
            {step.problems > 0 && (
              <li>
                {plural(step.problems, 'spot cannot', 'spots cannot')} be read and will be left out.
              </li>
            )}
            <li>
              {step.summary.preferences
                ? 'Your lists of species, terrain and trees become the backup’s.'
                : 'The backup’s lists are added to yours.'}
            </li>
          </ul>
          <div className="modal-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void confirm(step.file)}
            >
              {busy ? 'Restoring…' : 'Restore'}
            </button>
            <button type="button" className="button button-quiet" disabled={busy} onClick={reset}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {step.name === 'done' && (
        <div role="status">
          <p>Restored {counts(step.summary.added)}.</p>
          <button type="button" className="button button-quiet" onClick={reset}>
            Restore another
          </button>
        </div>
      )}
      {busy && (
        <UploadProgress label="Uploading the backup" fraction={progress} working={working} />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
