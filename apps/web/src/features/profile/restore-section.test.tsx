import type { RestoreSummary } from '@fj/contract/backup';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import type { RestoreProgress } from '../../lib/api/restore-upload.ts';
import { RestoreSection } from './restore-section.tsx';

const summary: RestoreSummary = {
  backup: { spots: 3, entries: 5, photos: 2 },
  added: { spots: 2, entries: 4, photos: 2 },
  skipped: { spots: 1, entries: 1, photos: 0 },
  newIds: 0,
  preferences: false,
};
const previewAnswer: ImportPreview = {
  create: { spots: 2, entries: 4 },
  duplicates: 1,
  problems: [],
  restore: summary,
};
const resultAnswer: ImportResult = {
  created: { spots: 2, entries: 4 },
  duplicates: 1,
  problems: [],
  restore: summary,
};

const zip = new File(['PK'], 'foraging-journal-backup-2026-11-24.zip', { type: 'application/zip' });
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Choose a backup…'), { target: { files: [file] } });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('RestoreSection', () => {
  it('uploads with a progress bar, previews what is added and skipped, restores on confirm and refreshes the journal', async () => {
    let progress: RestoreProgress = () => {};
    let answer: (value: ImportPreview) => void = () => {};
    const preview = vi.fn(
      (_file: File, onProgress: RestoreProgress) =>
        new Promise<ImportPreview>((resolve) => {
          progress = onProgress;
          answer = resolve;
        }),
    );
    const restore = vi.fn(async (_file: File, onProgress: RestoreProgress) => {
      onProgress(1);
      return resultAnswer;
    });
    const refresh = vi.fn(async () => {});
    render(<RestoreSection preview={preview} restore={restore} refresh={refresh} />);
    choose(zip);
    expect(preview).toHaveBeenCalledWith(zip, expect.any(Function));
    progress(0.4);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('Uploading… 40%')).toBeTruthy();
    progress(1);
    await screen.findByText('Checking the backup…');
    answer(previewAnswer);
    await screen.findByText(/holds 3 spots, 5 entries and 2 photos/);
    expect(screen.getByText('Will be added: 2 spots, 4 entries and 2 photos.')).toBeTruthy();
    expect(screen.getByText(/Skipped, already in your journal: 1 spot/)).toBeTruthy();
    expect(restore).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await screen.findByText('Restored 2 spots, 4 entries and 2 photos.');
    expect(restore).toHaveBeenCalledWith(zip, expect.any(Function));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("says how many ids the backup repeats (never whether they are in use here: another account's are not told)", async () => {
    const repeating = { ...previewAnswer, restore: { ...summary, newIds: 2 } };
    render(<RestoreSection preview={async () => repeating} />);
    choose(zip);
    expect(
      await screen.findByText('2 ids are repeated in the backup: each repeat gets a new one.'),
    ).toBeTruthy();
    expect(screen.queryByText(/in use here/)).toBeNull();
  });

  it('Cancel after the preview restores nothing', async () => {
    const restore = vi.fn(async () => resultAnswer);
    render(<RestoreSection preview={async () => previewAnswer} restore={restore} />);
    choose(zip);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Choose a backup…')).toBeTruthy();
    expect(restore).not.toHaveBeenCalled();
  });

  it('says why a backup was refused (the server names the file), and restores nothing', async () => {
    const restore = vi.fn(async () => resultAnswer);
    render(
      <RestoreSection
        preview={() =>
          Promise.reject(
            new ApiError(
              400,
              'VALIDATION_FAILED',
              "photos/a/b.webp: its SHA-256 does not match the manifest's",
            ),
          )
        }
        restore={restore}
      />,
    );
    choose(zip);
    expect((await screen.findByRole('alert')).textContent).toContain('photos/a/b.webp');
    expect(restore).not.toHaveBeenCalled();
  });

  it('a file that is not a backup (no restore summary) is said so', async () => {
    render(
      <RestoreSection
        preview={async () => ({ create: { spots: 1, entries: 0 }, duplicates: 0, problems: [] })}
      />,
    );
    choose(new File(['{}'], 'spots.geojson'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'not a Foraging Journal backup',
    );
  });
});
