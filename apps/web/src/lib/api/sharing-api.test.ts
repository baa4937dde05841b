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

  it('refuses a list that is not shares (INVALID_RESPONSE)', async () => {
    server.on('GET /api/v1/shared', () => json({ data: [{ id: 1 }] }));
    await expect((await load()).withMe()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
