import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, photoEntry } from '../../testing/factories.ts';
import {
  type FakeFetch,
  flush,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { type FakeXhr, installFakeXhr } from '../../testing/fake-xhr.ts';

/** The API client's rules, and the stall time-out, for POST /api/v1/photos. */
let server: FakeFetch;
let sent: FakeXhr[];

async function load() {
  vi.resetModules();
  return (await import('./photo-upload.ts')).uploadPhoto;
}

async function request(n: number): Promise<FakeXhr> {
  await flush(30);
  const xhr = sent[n];
  if (!xhr) throw new Error(`no upload request #${n}`);
  return xhr;
}

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeFetch();
  signedInServer(server);
  sent = installFakeXhr();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('photo upload: stall time-out (30 s without progress)', () => {
  it('fails with TIMEOUT after 30 s without progress, not at 29.999 s', async () => {
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    const outcome = uploading.catch((error: unknown) => error);
    const xhr = await request(0);
    xhr.progress(10, 100);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.aborted).toBe(true);
    await expect(outcome).resolves.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('a slow upload that keeps progressing finishes, however long it takes', async () => {
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    const xhr = await request(0);
    // Ten minutes at 1 % every 20 s, then 25 s for the server to answer.
    for (let loaded = 1; loaded <= 30; loaded += 1) {
      await vi.advanceTimersByTimeAsync(20_000);
      xhr.progress(loaded, 30);
    }
    xhr.uploaded();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(xhr.aborted).toBe(false);
    xhr.respond(201, photoEntry('a'));
    await expect(uploading).resolves.toEqual(photoEntry('a'));
  });

  it('a request that never sends a byte fails after 30 s too', async () => {
    const uploadPhoto = await load();
    const outcome = uploadPhoto(imageFile('a.jpg'), () => undefined).catch((e: unknown) => e);
    await request(0);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(outcome).resolves.toMatchObject({ code: 'TIMEOUT' });
  });

  it('a finished upload leaves no timer behind', async () => {
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    (await request(0)).respond(201, photoEntry('a'));
    await uploading;
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("photo upload: the API client's rules", () => {
  it('waits for the first sign-in report before sending, then sends the bearer token', async () => {
    let answerSession: (response: Response) => void = () => undefined;
    server.on('GET /api/auth/get-session', () => new Promise((r) => (answerSession = r)));
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    await flush(30);
    expect(sent).toHaveLength(0);
    answerSession(json({ session: { id: 's' }, user: { id: 'user-1', email: 'e', name: 'n' } }));
    const xhr = await request(0);
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    xhr.respond(201, photoEntry('a'));
    await expect(uploading).resolves.toEqual(photoEntry('a'));
  });

  it('a 401 is retried once with a refreshed token, progress starting again', async () => {
    const uploadPhoto = await load();
    const progress: number[] = [];
    const uploading = uploadPhoto(imageFile('a.jpg'), (f) => progress.push(f));
    const first = await request(0);
    first.progress(50, 100);
    first.respond(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    const retry = await request(1);
    expect(retry.headers.authorization).toBe('Bearer token-2');
    retry.respond(201, photoEntry('a'));
    await expect(uploading).resolves.toEqual(photoEntry('a'));
    expect(progress).toEqual([0.5, 0, 1]);
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(2);
  });

  it('an expired session sends the browser to /login and rejects with the 401', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let tokens = 0;
    server.on('GET /api/auth/token', () =>
      ++tokens === 1 ? json({ token: 'token-1' }) : json({ message: 'gone' }, 401),
    );
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    (await request(0)).respond(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    await expect(uploading).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
    expect(sent).toHaveLength(1);
  });

  it('a refresh that fails otherwise clears the cached token, rejects the 401, stays on the page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let tokens = 0;
    server.on('GET /api/auth/token', () =>
      ++tokens === 2 ? json({ message: 'down' }, 500) : json({ token: `token-${tokens}` }),
    );
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    (await request(0)).respond(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    await expect(uploading).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(sent).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();

    // The cached token was cleared: the next upload asks for a new one, as a fetch call would.
    const next = uploadPhoto(imageFile('b.jpg'), () => undefined);
    const xhr = await request(1);
    expect(xhr.headers.authorization).toBe('Bearer token-3');
    xhr.respond(201, photoEntry('b'));
    await expect(next).resolves.toEqual(photoEntry('b'));
  });

  it('an answer that is no photo entry rejects with INVALID_RESPONSE', async () => {
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    (await request(0)).respond(201, { url: 'https://x/a.jpg' });
    await expect(uploading).rejects.toMatchObject({ status: 201, code: 'INVALID_RESPONSE' });
  });

  it('sends no bearer token when nobody is signed in', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    const uploadPhoto = await load();
    const uploading = uploadPhoto(imageFile('a.jpg'), () => undefined);
    const xhr = await request(0);
    expect(xhr.headers.authorization).toBeUndefined();
    xhr.respond(201, photoEntry('a'));
    await expect(uploading).resolves.toEqual(photoEntry('a'));
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(0);
  });
});
