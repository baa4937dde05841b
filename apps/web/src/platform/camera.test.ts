import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** @capacitor/camera at the plugin boundary. */
const plugin = vi.hoisted(() => ({ getPhoto: vi.fn() }));
vi.mock('@capacitor/camera', () => ({
  Camera: plugin,
  CameraResultType: { Uri: 'uri' },
  CameraSource: { Camera: 'CAMERA' },
}));

const { canTakePhoto, takePhoto } = await import('./camera.ts');

beforeEach(() => {
  plugin.getPhoto.mockReset();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('camera in the native app: @capacitor/camera', () => {
  beforeEach(() => {
    vi.stubGlobal('fjNativeShellStandIn', {});
  });

  it('is offered', () => {
    expect(canTakePhoto()).toBe(true);
  });

  it('turns the photo the camera wrote into a File the uploader can send', async () => {
    plugin.getPhoto.mockResolvedValue({
      webPath: 'https://localhost/_capacitor_file_/p.jpg',
      format: 'jpeg',
    });
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(new Blob(['jpeg-bytes'], { type: 'image/jpeg' }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await takePhoto();
    expect(plugin.getPhoto).toHaveBeenCalledWith(
      expect.objectContaining({ resultType: 'uri', source: 'CAMERA' }),
    );
    expect(fetchMock).toHaveBeenCalledWith('https://localhost/_capacitor_file_/p.jpg');
    expect(file).toBeInstanceOf(File);
    expect(file?.name).toMatch(/^photo-\d+\.jpeg$/);
    expect(file?.type).toBe('image/jpeg');
    expect(await file?.text()).toBe('jpeg-bytes');
  });

  it('answers null when the user cancels', async () => {
    plugin.getPhoto.mockRejectedValue(new Error('User cancelled photos app'));
    await expect(takePhoto()).resolves.toBeNull();
  });

  it('passes other failures on', async () => {
    plugin.getPhoto.mockRejectedValue(new Error('Camera access denied'));
    await expect(takePhoto()).rejects.toThrow('Camera access denied');
  });
});

describe('camera on the web', () => {
  it('is not offered: the file input opens the camera there', () => {
    expect(canTakePhoto()).toBe(false);
  });
});
