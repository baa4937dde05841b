import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  empty,
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function load() {
  vi.resetModules();
  return (await import('./sharing-api.ts')).sharingApi;
}

const share = {
  id: 's1',
  audience: { link: true },
  locationIds: ['l1'],
  precision: 'km1',
  dates: 'month',
  include: { finds: true, notes: false, photos: false },
  status: 'active',
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastUsedAt: null,
  useCount: 0,
};

describe('sharingApi', () => {
  it("lists the owner's shares with the user's token", async () => {
    server.on('GET /api/v1/shares', () => json({ data: [share] }));
    await expect((await load()).mine()).resolves.toEqual([share]);
    expect(server.callsTo('GET /api/v1/shares')[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it('revokes with DELETE and accepts with POST, the ids in the path', async () => {
    server.on('DELETE /api/v1/shares/s%201', () => empty());
    server.on('POST /api/v1/shared/g1/accept', () => empty());
    const sharing = await load();
    await sharing.revoke(' s 1 ');
    await sharing.accept('g1');
    expect(server.callsTo('DELETE /api/v1/shares/s%201')).toHaveLength(1);
    expect(server.callsTo('POST /api/v1/shared/g1/accept')).toHaveLength(1);
  });

  it('accepts with the mailed token in the body when given one', async () => {
    server.on('POST /api/v1/shared/g1/accept', () => empty());
    await (await load()).accept('g1', 'tok');
    expect(server.callsTo('POST /api/v1/shared/g1/accept')[0]?.body).toEqual({ token: 'tok' });
  });

  it('previews, creates and changes shares (PATCH), reading each answer', async () => {
    const spot = { id: 'o1', name: 'Birch slope', entries: [] };
    server.on('POST /api/v1/shares/preview', () => json({ data: { locations: [spot] } }));
    server.on('POST /api/v1/shares', () =>
      json({ data: { id: 's1', url: 'https://x/s/#t' } }, 201),
    );
    server.on('PATCH /api/v1/shares/s1', () => json({ data: { ...share, precision: 'hidden' } }));
    const sharing = await load();
    const input = { locationIds: ['l1'], precision: 'km1' as const, dates: 'month' as const };
    await expect(sharing.preview(input)).resolves.toEqual([spot]);
    await expect(sharing.create({ ...input, audience: { link: true } })).resolves.toEqual({
      id: 's1',
      url: 'https://x/s/#t',
    });
    await expect(sharing.update('s1', { precision: 'hidden' })).resolves.toMatchObject({
      precision: 'hidden',
    });
    expect(server.callsTo('PATCH /api/v1/shares/s1')[0]?.body).toEqual({ precision: 'hidden' });
  });

  it('refuses a list that is not shares (INVALID_RESPONSE)', async () => {
    server.on('GET /api/v1/shared', () => json({ data: [{ id: 1 }] }));
    await expect((await load()).withMe()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
