import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, installFakeFetch, signedInServer } from '../../testing/fake-fetch.ts';
import { type FakeXhr, installFakeXhr } from '../../testing/fake-xhr.ts';

let sent: FakeXhr[];

async function load() {
  vi.resetModules();
  const upload = await import('./restore-upload.ts');
  const { ApiError } = await import('./api-error.ts');
  return { ...upload, ApiError };
}

async function request(n: number): Promise<FakeXhr> {
  await flush(30);
  const xhr = sent[n];
  if (!xhr) throw new Error(`no upload request #${n}`);
  return xhr;
}

const zip = () =>
  new File(['PK'], 'foraging-journal-backup-2026-11-24.zip', { type: 'application/zip' });
const counts = { spots: 2, entries: 3, photos: 1 };
const restore = {
  backup: counts,
  added: counts,
  skipped: { spots: 0, entries: 0, photos: 0 },
  newIds: 0,
  preferences: true,
};

beforeEach(() => {
  signedInServer(installFakeFetch());
  sent = installFakeXhr();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('restore upload', () => {
  it('previews: POST /import?preview=true with the ZIP as the one file, the bearer and progress', async () => {
    const { previewRestore } = await load();
    const progress: number[] = [];
    const answer = previewRestore(zip(), (fraction) => progress.push(fraction));
    const xhr = await request(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/import?preview=true');
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect(xhr.file?.name).toBe('foraging-journal-backup-2026-11-24.zip');
    xhr.progress(1, 4);
    xhr.uploaded();
    const body = { create: { spots: 2, entries: 3 }, duplicates: 0, problems: [], restore };
    xhr.respond(200, body);
    await expect(answer).resolves.toEqual(body);
    expect(progress).toEqual([0.25, 1]);
  });

  it('restores: POST /import; a 413 says what the limit means, a 400 keeps the server’s words', async () => {
    const { runRestore, ApiError } = await load();
    const tooLarge = runRestore(zip()).catch((error: unknown) => error);
    const first = await request(0);
    expect(first.url).toBe('/api/v1/import');
    first.respond(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' } });
    const error = await tooLarge;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toMatch(/larger than this server takes/);

    const refused = runRestore(zip()).catch((e: unknown) => e);
    const message = "photos/a/b.webp: its SHA-256 does not match the manifest's";
    (await request(1)).respond(400, { error: { code: 'VALIDATION_FAILED', message } });
    expect(((await refused) as Error).message).toBe(message);
  });
});
