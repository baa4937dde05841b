import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/api-error.ts';
import type { ExportFile, ExportRequest } from '../../../lib/api/export-download.ts';
import { receivedSize } from '../../../lib/received-size.ts';
import { ExportDialog } from './export-dialog.tsx';

type Download = (
  request: ExportRequest,
  onProgress: (bytes: number) => void,
) => Promise<ExportFile>;

const file: ExportFile = { blob: new Blob(['{}']), fileName: 'foraging-journal-2026-11-24.gpx' };

/** A download the test finishes by hand, with what it was asked and its progress callback. */
function pendingDownload() {
  const calls: { request: ExportRequest; onProgress: (bytes: number) => void }[] = [];
  let finish: (result: ExportFile | Error) => void = () => {};
  const download = vi.fn<Download>(
    (request, onProgress) =>
      new Promise<ExportFile>((resolve, reject) => {
        calls.push({ request, onProgress });
        finish = (result) => (result instanceof Error ? reject(result) : resolve(result));
      }),
  );
  return { download, calls, finish: (result: ExportFile | Error) => finish(result) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('ExportDialog', () => {
  it('downloads the filtered spots in the chosen format, shows what has arrived, saves and closes', async () => {
    const { download, calls, finish } = pendingDownload();
    const save = vi.fn();
    const onClose = vi.fn();
    render(
      <ExportDialog
        total={5}
        shownIds={['a', 'b']}
        onClose={onClose}
        download={download}
        save={save}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Export spots' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^GPX/));
    expect(screen.getByLabelText('The 2 shown by the filters')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.request).toEqual({ format: 'gpx', ids: ['a', 'b'] });
    expect(screen.getByRole('status').textContent).toContain('Preparing the file…');
    expect(screen.getByRole('button', { name: 'Exporting…' })).toHaveProperty('disabled', true);
    calls[0]?.onProgress(1_234_567);
    await screen.findByText(/Downloading… 1\.2 MB/);

    finish(file);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith(file);
  });

  it('sends no ids for all spots, and the chosen geoprivacy for iNaturalist', async () => {
    const { download, calls, finish } = pendingDownload();
    render(
      <ExportDialog
        total={3}
        shownIds={['a']}
        onClose={() => {}}
        download={download}
        save={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByLabelText('All 3 spots'));
    fireEvent.click(screen.getByLabelText(/^iNaturalist/));
    fireEvent.change(screen.getByLabelText('Geoprivacy on iNaturalist'), {
      target: { value: 'private' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.request).toEqual({ format: 'inaturalist', geoprivacy: 'private' });
    finish(file);
  });

  it('offers no choice of spots when nothing is filtered, and defaults iNaturalist to obscured', async () => {
    const { download, calls, finish } = pendingDownload();
    render(
      <ExportDialog
        total={2}
        shownIds={['a', 'b']}
        onClose={() => {}}
        download={download}
        save={vi.fn()}
      />,
    );
    expect(screen.queryByText('Spots')).toBeNull();
    fireEvent.click(screen.getByLabelText(/^iNaturalist/));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.request).toEqual({ format: 'inaturalist', geoprivacy: 'obscured' });
    finish(file);
  });

  it('keeps the dialog open with the failure said, and saves nothing', async () => {
    const { download, calls, finish } = pendingDownload();
    const save = vi.fn();
    const onClose = vi.fn();
    render(
      <ExportDialog total={1} shownIds={['a']} onClose={onClose} download={download} save={save} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    finish(new ApiError(404, 'NOT_FOUND', 'Location not found'));
    expect((await screen.findByRole('alert')).textContent).toBe('Location not found');
    expect(save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download' })).toHaveProperty('disabled', false);
  });

  it('refuses more filtered spots than one request may name, before asking the server', () => {
    const download = vi.fn<Download>();
    const many = Array.from({ length: 301 }, (_, i) => `id-${i}`);
    render(
      <ExportDialog
        total={400}
        shownIds={many}
        onClose={() => {}}
        download={download}
        save={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByRole('alert').textContent).toMatch(/at most 300 filtered spots/);
    expect(download).not.toHaveBeenCalled();
  });
});

describe('receivedSize', () => {
  it('says kB under a megabyte and MB from one on', () => {
    expect(receivedSize(200)).toBe('1 kB');
    expect(receivedSize(340_400)).toBe('340 kB');
    expect(receivedSize(2_500_000)).toBe('2.5 MB');
  });
});
