import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, photoEntry } from '../../testing/factories.ts';
import {
  type FakeFetch,
  flush,
  installFakeFetch,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { type FakeXhr, installFakeXhr } from '../../testing/fake-xhr.ts';

let server: FakeFetch;
let sent: FakeXhr[];

async function load() {
  vi.resetModules();
  const { uploadPhoto } = await import('./photo-upload.ts');
  const { ApiError } = await import('./api-error.ts');
  return { uploadPhoto, ApiError };
}

/** The n-th upload request, once the token look-up before it has run. */
async function request(n: number): Promise<FakeXhr> {
  await flush(30);
  const xhr = sent[n];
  if (!xhr) throw new Error(`no upload request #${n}`);
  return xhr;
}

beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
  sent = installFakeXhr();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('uploadPhoto', () => {
  it('posts the file as multipart field `file` with the bearer token and credentials', async () => {
    const { uploadPhoto } = await load();
    const progress: number[] = [];
    const file = imageFile('a.jpg');
    const uploading = uploadPhoto(file, (f) => progress.push(f));
    const xhr = await request(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/photos');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect(xhr.file?.name).toBe('a.jpg');
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(201, photoEntry('a'));
    await expect(uploading).resolves.toEqual(photoEntry('a'));
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('retries once with a fresh token after a 401', async () => {
    const { uploadPhoto } = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    (await request(0)).respond(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    const retry = await request(1);
    expect(retry.headers.authorization).toBe('Bearer token-2');
    retry.respond(201, photoEntry('a'));
    await expect(uploading).resolves.toMatchObject({ filePath: 'u/a.webp' });
    expect(sent).toHaveLength(2);
  });

  it('a second 401 is rejected, not retried again', async () => {
    const { uploadPhoto } = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    const body = { error: { code: 'UNAUTHORIZED', message: 'no' } };
    (await request(0)).respond(401, body);
    (await request(1)).respond(401, body);
    await expect(uploading).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(sent).toHaveLength(2);
  });

  it.each([
    [413, 'PAYLOAD_TOO_LARGE', 'file: too large'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'file: not an image'],
  ])(
    'rejects a %i as an ApiError with the server code and message',
    async (status, code, message) => {
      const { uploadPhoto, ApiError } = await load();
      const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
      (await request(0)).respond(status, { error: { code, message, fields: { file: 'x' } } });
      const error: unknown = await uploading.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, code, message, fields: { file: 'x' } });
    },
  );

  it('a network failure is status 0 with code NETWORK_ERROR', async () => {
    const { uploadPhoto } = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    (await request(0)).failNetwork();
    await expect(uploading).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('an abort signal stops the request', async () => {
    const { uploadPhoto } = await load();
    const controller = new AbortController();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined, controller.signal);
    const xhr = await request(0);
    controller.abort();
    await expect(uploading).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });
});
