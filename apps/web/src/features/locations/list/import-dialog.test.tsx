import type { ImportPreview, ImportResult } from '@fj/contract/import';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/api-error.ts';
import type { ImportProgress, ImportRequest } from '../../../lib/api/import-upload.ts';
import { ImportDialog } from './import-dialog.tsx';

type Upload<T> = (request: ImportRequest, onProgress: ImportProgress) => Promise<T>;

/** An upload the test finishes by hand, with what it was sent and its progress callback. */
function pending<T>() {
  const calls: { request: ImportRequest; onProgress: ImportProgress }[] = [];
  let finish: (result: T | Error) => void = () => {};
  const upload = vi.fn<Upload<T>>(
    (request, onProgress) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ request, onProgress });
        finish = (result) => (result instanceof Error ? reject(result) : resolve(result));
      }),
  );
  return { upload, calls, finish: (result: T | Error) => finish(result) };
}

const preview: ImportPreview = {
  create: { spots: 3, entries: 5 },
  spots: [
    { name: 'Oak ridge', entries: 4 },
    { name: 'Birch bog', entries: 1 },
  ],
  moreSpots: 1,
  duplicates: 1,
  problems: [
    { at: 'feature 2', message: 'name: Required' },
    { at: 'feature 4', message: 'no Point or Polygon geometry' },
  ],
};
const result: ImportResult = {
  created: preview.create,
  duplicates: preview.duplicates,
  problems: preview.problems,
};

const geojson = () =>
  new File(['{"type":"FeatureCollection","features":[]}'], 'spots.geojson', {
    type: 'application/geo+json',
  });

const pickFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });

const bar = () => screen.getByRole('progressbar', { name: /^Uploading / });

function renderDialog() {
  const previewing = pending<ImportPreview>();
  const running = pending<ImportResult>();
  const onClose = vi.fn();
  const onImported = vi.fn();
  render(
    <ImportDialog
      onClose={onClose}
      onImported={onImported}
      preview={previewing.upload}
      run={running.upload}
    />,
  );
  return { previewing, running, onClose, onImported };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('ImportDialog', () => {
  it('previews a file with its upload progress, lists the problems, imports it and refreshes the journal', async () => {
    const { previewing, running, onClose, onImported } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Import spots' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    const file = geojson();
    pickFile(file);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(previewing.calls).toHaveLength(1));
    expect(previewing.calls[0]?.request).toEqual({ file });
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    previewing.calls[0]?.onProgress(0.42);
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('42'));
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    previewing.calls[0]?.onProgress(1);
    await screen.findByText('Reading the file…');
    previewing.finish(preview);

    await screen.findByText('3 spots, 5 entries will be created, 1 skipped as a duplicate');
    // The spots it will create, by name, and how many more there are.
    const spots = screen.getByRole('list', { name: 'Spots to create' });
    expect([...spots.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Oak ridge · 4 entries',
      'Birch bog · 1 entry',
    ]);
    expect(screen.getByText('…and 1 more.')).toBeTruthy();
    const problems = screen.getByRole('list', { name: 'Problems' });
    expect([...problems.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'feature 2: name: Required',
      'feature 4: no Point or Polygon geometry',
    ]);
    expect(screen.getByText('2 spots could not be read and will be skipped')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(running.calls).toHaveLength(1));
    expect(running.calls[0]?.request).toEqual({ file });
    expect(screen.getByRole('button', { name: 'Importing…' })).toHaveProperty('disabled', true);
    running.calls[0]?.onProgress(0.5);
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('50'));
    running.finish(result);

    await screen.findByText('Imported 3 spots and 5 entries; 1 skipped as a duplicate.');
    expect(onImported).toHaveBeenCalledWith(result);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('counts the problems the server only counted (moreProblems) beside those it listed', async () => {
    const { previewing } = renderDialog();
    pickFile(geojson());
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(previewing.calls).toHaveLength(1));
    previewing.finish({ ...preview, moreProblems: 30 });
    await screen.findByText('32 spots could not be read and will be skipped');
    expect(screen.getByRole('list', { name: 'Problems' }).querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('…and 30 more.')).toBeTruthy();
  });

  it('CSV: maps the header to our columns with defaults, sends the mapping, and asks for the columns it needs', async () => {
    const { previewing } = renderDialog();
    const csv = new File(
      ['Title,Lat,Lon,Visited,Comment\r\nCeps,59.3,18.1,2026-08-01,big\r\n'],
      'walks.csv',
      { type: 'text/csv' },
    );
    pickFile(csv);
    const name = await screen.findByLabelText('Spot name *');
    expect((name as HTMLSelectElement).value).toBe('Title');
    expect((screen.getByLabelText('Latitude *') as HTMLSelectElement).value).toBe('Lat');
    expect((screen.getByLabelText('Longitude *') as HTMLSelectElement).value).toBe('Lon');
    expect((screen.getByLabelText('Visit date') as HTMLSelectElement).value).toBe('Visited');
    expect((screen.getByLabelText('Weather') as HTMLSelectElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('Latitude *'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert').textContent).toBe("Pick the file's column for: Latitude");
    expect(previewing.upload).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Latitude *'), { target: { value: 'Lat' } });
    expect((screen.getByLabelText('Description') as HTMLSelectElement).value).toBe('Comment');
    // A column feeds one field: taken for the notes, it leaves the description.
    fireEvent.change(screen.getByLabelText('Visit notes'), { target: { value: 'Comment' } });
    expect((screen.getByLabelText('Description') as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(previewing.calls).toHaveLength(1));
    expect(previewing.calls[0]?.request).toEqual({
      file: csv,
      mapping: {
        location_name: 'Title',
        latitude: 'Lat',
        longitude: 'Lon',
        entry_date: 'Visited',
        notes: 'Comment',
      },
    });
    previewing.finish(preview);
    await screen.findByText(/will be created/);
  });

  it('a refused file says the server’s words and keeps the file; a failed import keeps the preview', async () => {
    const { previewing, running, onImported } = renderDialog();
    pickFile(geojson());
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(previewing.calls).toHaveLength(1));
    previewing.finish(
      new ApiError(400, 'VALIDATION_FAILED', 'The file declares a DOCTYPE, which is not allowed'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file declares a DOCTYPE, which is not allowed',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();

    // The same file again, without picking it anew.
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(previewing.calls).toHaveLength(2));
    previewing.finish(preview);
    await screen.findByText(/will be created/);

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(running.calls).toHaveLength(1));
    running.finish(
      new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than this server takes'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is larger than this server takes',
    );
    expect(screen.getByText(/will be created/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('nothing new: says so and offers no import; Back returns to the file', async () => {
    const { previewing } = renderDialog();
    pickFile(geojson());
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(previewing.calls).toHaveLength(1));
    previewing.finish({ create: { spots: 0, entries: 0 }, duplicates: 4, problems: [] });
    await screen.findByText('0 spots, 0 entries will be created, 4 skipped as duplicates');
    expect(screen.getByText('Nothing new to import.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('File')).toBeTruthy();
  });

  it('refuses a file of another kind before sending it', () => {
    const { previewing } = renderDialog();
    pickFile(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('alert').textContent).toBe('Pick a GeoJSON, GPX, KML, KMZ or CSV file');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(previewing.upload).not.toHaveBeenCalled();
  });

  it('Escape closes it, but not while a file is being sent', async () => {
    const { previewing, onClose } = renderDialog();
    pickFile(geojson());
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(previewing.calls).toHaveLength(1));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    previewing.finish(preview);
    await screen.findByText(/will be created/);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
