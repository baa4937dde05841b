import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import type { ExportFile } from '../../lib/api/export-download.ts';
import { BackupSection } from './backup-section.tsx';

const zip: ExportFile = {
  blob: new Blob(['PK']),
  fileName: 'foraging-journal-backup-2026-11-24.zip',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('BackupSection', () => {
  it('downloads the backup with its progress said, then saves it', async () => {
    let progress: (bytes: number) => void = () => {};
    let finish: (file: ExportFile) => void = () => {};
    const download = vi.fn(
      (onProgress: (bytes: number) => void) =>
        new Promise<ExportFile>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const save = vi.fn();
    render(<BackupSection download={download} save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download a backup' }));
    expect((await screen.findByRole('status')).textContent).toContain('Preparing the backup…');
    expect(screen.getByRole('button', { name: 'Backing up…' })).toHaveProperty('disabled', true);
    progress(25_000_000);
    await screen.findByText('Downloading… 25.0 MB');
    finish(zip);
    await waitFor(() => expect(save).toHaveBeenCalledWith(zip));
    expect(screen.getByRole('button', { name: 'Download a backup' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says why a backup failed and saves nothing', async () => {
    const save = vi.fn();
    render(
      <BackupSection
        download={() => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'offline'))}
        save={save}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download a backup' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(save).not.toHaveBeenCalled();
  });
});
