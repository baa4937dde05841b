import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, makeLocation, photoEntry } from '../../testing/factories.ts';
import { oakRidge } from '../../testing/fixtures.ts';
import { setUpJournalTests } from '../../testing/journal-kit.ts';
import { EntryForm } from './entry-form.tsx';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The platform seam (src/platform/camera.ts): no Capacitor in a unit test. */
const camera = vi.hoisted(() => ({ canTakePhoto: vi.fn(), takePhoto: vi.fn() }));
vi.mock('../../platform/camera.ts', () => camera);

const t = setUpJournalTests();

const takePhotoButton = () =>
  screen.queryByRole<HTMLButtonElement>('button', { name: 'Take photo' });

function renderForm() {
  render(
    <EntryForm
      location={makeLocation(oakRidge)}
      onSaved={() => undefined}
      onCancel={() => undefined}
    />,
  );
}

beforeEach(() => {
  camera.canTakePhoto.mockReset().mockReturnValue(true);
  camera.takePhoto.mockReset();
});

describe('EntryForm in the native app: Take photo', () => {
  it('uploads the camera’s photo through the same queue as a picked file', async () => {
    camera.takePhoto.mockResolvedValue(imageFile('photo-1.jpeg'));
    renderForm();
    fireEvent.click(takePhotoButton() as HTMLButtonElement);
    await waitFor(() => expect(t.uploads).toHaveLength(1));
    expect(t.uploads[0]?.file?.name).toBe('photo-1.jpeg');
    expect(screen.getByRole('progressbar', { name: 'Uploading photo-1.jpeg' })).toBeTruthy();
    act(() => t.uploads[0]?.respond(201, photoEntry('photo-1')));
    expect(await screen.findByRole('button', { name: 'View photo-1.jpeg' })).toBeTruthy();
  });

  it('adds nothing when the user backs out of the camera', async () => {
    camera.takePhoto.mockResolvedValue(null);
    renderForm();
    fireEvent.click(takePhotoButton() as HTMLButtonElement);
    await waitFor(() => expect(takePhotoButton()?.disabled).toBe(false));
    expect(t.uploads).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says so when the camera cannot be opened, and keeps the form', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    camera.takePhoto.mockRejectedValue(new Error('User denied access to camera'));
    renderForm();
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Two ceps' } });
    fireEvent.click(takePhotoButton() as HTMLButtonElement);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The camera could not be opened. You can still add photos from your library.',
      ),
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Two ceps');
    expect(t.uploads).toHaveLength(0);
  });
});

describe('EntryForm on the web', () => {
  it('offers only the file input, which opens the phone’s camera itself', () => {
    camera.canTakePhoto.mockReturnValue(false);
    renderForm();
    expect(takePhotoButton()).toBeNull();
    expect(screen.getByLabelText('Add photos')).toBeTruthy();
    expect(camera.takePhoto).not.toHaveBeenCalled();
  });
});
