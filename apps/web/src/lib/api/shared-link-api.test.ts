import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, hang, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { INVALID_RESPONSE_CODE, TIMEOUT_CODE } from './api-error.ts';
import { openSharedLink, sharedLinkPhoto } from './shared-link-api.ts';

const view = {
  from: { name: 'Anna' },
  precision: 'cell02',
  expiresAt: '2026-12-01T00:00:00.000Z',
  locations: [{ id: 'opaque-1', name: 'Birch slope', entries: [{ id: 'e', date: '2026-08' }] }],
};

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openSharedLink (docs/behaviour.md#sharing)', () => {
  it('trades the token for a credential, then reads the share with it, keeping nothing', async () => {
    server.on('POST /api/v1/share-sessions', () =>
      json({ data: { credential: 'cred-1', expiresIn: 900 } }, 201),
    );
    server.on('GET /api/v1/shared/link', () => json({ data: view }));
    await expect(openSharedLink('tok')).resolves.toEqual({ credential: 'cred-1', ...view });
    const [session, read] = server.calls;
    expect(session?.body).toEqual({ token: 'tok' });
    expect(session?.headers.authorization).toBeUndefined();
    expect(read?.headers.authorization).toBe('Bearer cred-1');
    expect(read?.init.cache).toBe('no-store');
    expect(read?.init.referrerPolicy).toBe('no-referrer');
  });

  it("throws the server's 404 for a wrong, revoked or expired link", async () => {
    await expect(openSharedLink('wrong')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('throws INVALID_RESPONSE for an answer that is not a share', async () => {
    server.on('POST /api/v1/share-sessions', () =>
      json({ data: { credential: 'c', expiresIn: 900 } }, 201),
    );
    server.on('GET /api/v1/shared/link', () => json({ data: { ...view, locations: [{ id: 1 }] } }));
    await expect(openSharedLink('tok')).rejects.toMatchObject({ code: INVALID_RESPONSE_CODE });
  });

  it('gives up after 30 s without an answer', async () => {
    vi.useFakeTimers();
    server.on('POST /api/v1/share-sessions', hang);
    const opening = openSharedLink('tok');
    const failed = expect(opening).rejects.toMatchObject({ code: TIMEOUT_CODE });
    await vi.advanceTimersByTimeAsync(30_000);
    await failed;
  });
});

describe('sharedLinkPhoto', () => {
  it('fetches the photo with the credential and answers an object URL', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    server.on(
      'GET /api/v1/shared/link/photos/p%2F1',
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/webp' } }),
    );
    await expect(sharedLinkPhoto('cred', 'p/1')).resolves.toBe('blob:photo');
    expect(server.calls[0]?.headers.authorization).toBe('Bearer cred');
  });
});
