import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, installFakeFetch, signedInServer } from '../../testing/fake-fetch.ts';
import { type FakeXhr, installFakeXhr } from '../../testing/fake-xhr.ts';

let sent: FakeXhr[];

async function load() {
  vi.resetModules();
  const upload = await import('./import-upload.ts');
  const { ApiError } = await import('./api-error.ts');
  return { ...upload, ApiError };
}

async function request(n: number): Promise<FakeXhr> {
  await flush(30);
  const xhr = sent[n];
  if (!xhr) throw new Error(`no upload request #${n}`);
  return xhr;
}

const file = () => new File(['name,latitude,longitude\r\n'], 'spots.csv', { type: 'text/csv' });
const preview = { create: { spots: 2, entries: 1 }, duplicates: 0, problems: [] };

beforeEach(() => {
  signedInServer(installFakeFetch());
  sent = installFakeXhr();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('import upload', () => {
  it('previews: POST /import?preview=true, the mapping field before the file, with progress', async () => {
    const { previewImport } = await load();
    const progress: number[] = [];
    const answer = previewImport(
      { file: file(), mapping: { location_name: 'Title' } },
      (fraction) => progress.push(fraction),
    );
    const xhr = await request(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/import?preview=true');
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['mapping', 'file']);
    expect(xhr.body?.get('mapping')).toBe('{"location_name":"Title"}');
    expect(xhr.file?.name).toBe('spots.csv');
    xhr.progress(30, 120);
    xhr.uploaded();
    xhr.respond(200, preview);
    await expect(answer).resolves.toEqual(preview);
    expect(progress).toEqual([0.25, 1]);
  });

  it('imports: POST /import, no mapping field for a file that needs none', async () => {
    const { runImport } = await load();
    const answer = runImport({ file: file() });
    const xhr = await request(0);
    expect(xhr.url).toBe('/api/v1/import');
    expect(xhr.body?.has('mapping')).toBe(false);
    const result = { created: { spots: 2, entries: 1 }, duplicates: 0, problems: [] };
    xhr.respond(200, result);
    await expect(answer).resolves.toEqual(result);
  });

  it("a hostile file's 400 carries the server's message; a 413 says the file is too big", async () => {
    const { previewImport, ApiError } = await load();
    const refused = previewImport({ file: file() });
    (await request(0)).respond(400, {
      error: { code: 'VALIDATION_FAILED', message: 'The file is not UTF-8 text' },
    });
    await expect(refused).rejects.toEqual(
      new ApiError(400, 'VALIDATION_FAILED', 'The file is not UTF-8 text'),
    );
    const big = previewImport({ file: file() });
    (await request(1)).respond(413, {
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'request file too large' },
    });
    await expect(big).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/larger than this server takes/),
    });
  });
});
