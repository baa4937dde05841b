import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { imageFile, makeLocation, photoEntry } from '../../testing/factories.ts';
import { oakRidge } from '../../testing/fixtures.ts';
import { json } from '../../testing/fake-fetch.ts';
import { type FakeXhr } from '../../testing/fake-xhr.ts';
import { setUpJournalTests } from '../../testing/journal-kit.ts';
import { EntryForm } from './entry-form.tsx';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const t = setUpJournalTests();

function renderForm() {
  const onSaved = vi.fn();
  render(
    <EntryForm location={makeLocation(oakRidge)} onSaved={onSaved} onCancel={() => undefined} />,
  );
  return { onSaved };
}

function pick(...names: string[]) {
  const input = screen.getByLabelText('Add photos');
  fireEvent.change(input, { target: { files: names.map((name) => imageFile(name)) } });
}

async function uploadsStarted(count: number): Promise<FakeXhr[]> {
  await waitFor(() => expect(t.uploads).toHaveLength(count));
  return t.uploads;
}

const upload = (n: number): FakeXhr => {
  const xhr = t.uploads[n];
  if (!xhr) throw new Error(`no upload #${n}`);
  return xhr;
};

const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save entry' });

describe('EntryForm photos', () => {
  it('uploads several photos at once, at most 3 in parallel, each with its own progress bar', async () => {
    renderForm();
    pick('a.jpg', 'b.jpg', 'c.jpg', 'd.jpg');
    await uploadsStarted(3);
    expect(t.uploads.map((xhr) => xhr.file?.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);
    act(() => upload(0).progress(40, 100));
    const barA = screen.getByRole('progressbar', { name: 'Uploading a.jpg' });
    expect(barA.getAttribute('aria-valuenow')).toBe('40');
    expect(saveButton().disabled).toBe(true);
    act(() => upload(0).respond(201, photoEntry('a')));
    // The fourth starts once one of the first three is done.
    await uploadsStarted(4);
    const thumb = screen.getByRole('button', { name: 'View a.jpg' });
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe(photoEntry('a').thumbnailUrl);
    act(() => {
      upload(1).respond(201, photoEntry('b'));
      upload(2).respond(201, photoEntry('c'));
      upload(3).respond(201, photoEntry('d'));
    });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
  });

  it.each([
    [413, 'PAYLOAD_TOO_LARGE', 'This photo is too large (max 25 MB)'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'This file is not a supported image'],
  ])('a %i says why the upload failed', async (status, code, text) => {
    renderForm();
    pick('big.jpg');
    await uploadsStarted(1);
    act(() => upload(0).respond(status, { error: { code, message: 'x' } }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('a network failure says to check the connection; Retry uploads again', async () => {
    renderForm();
    pick('a.jpg');
    await uploadsStarted(1);
    act(() => upload(0).failNetwork());
    const item = (await screen.findByRole('alert')).closest('li') as HTMLElement;
    expect(within(item).getByRole('alert').textContent).toBe(
      'Upload failed — check your connection',
    );
    fireEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    await uploadsStarted(2);
    expect(screen.getByRole('progressbar', { name: 'Uploading a.jpg' })).toBeTruthy();
    act(() => upload(1).respond(201, photoEntry('a')));
    await screen.findByRole('button', { name: 'View a.jpg' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps everything typed when an upload fails, and saves only the uploaded photos', async () => {
    t.server.on('POST /api/v1/locations/l1/entries', () => json({ id: 'e9' }, 201));
    const { onSaved } = renderForm();
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Ten ceps' } });
    fireEvent.change(screen.getByLabelText('Weather'), { target: { value: 'Misty' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Abundance 2 of 5' }));
    pick('good.jpg', 'bad.jpg');
    await uploadsStarted(2);
    act(() => {
      upload(0).respond(201, photoEntry('good'));
      upload(1).respond(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'too big' } });
    });
    await screen.findByRole('alert');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Ten ceps');
    expect(screen.getByLabelText<HTMLInputElement>('Weather').value).toBe('Misty');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Abundance 2 of 5' }).checked).toBe(
      true,
    );
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(t.server.callsTo('POST /api/v1/locations/l1/entries')[0]?.body).toMatchObject({
      notes: 'Ten ceps',
      weather: 'Misty',
      abundance: 2,
      photos: [photoEntry('good')],
    });
  });

  it('removing a photo while it uploads stops that upload', async () => {
    renderForm();
    pick('a.jpg');
    await uploadsStarted(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    expect(upload(0).aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });
});
