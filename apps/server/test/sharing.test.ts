import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import type { SharedLocation, Share } from '@fj/contract/sharing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, errorOf, fieldsOf, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import {
  acceptInvitation,
  credentialFor,
  grantIdsOf,
  openSession,
  seedShare,
  withCredential,
} from './helpers/sharing.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const patch = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [13.98711, 45.61203] as [number, number],
      [13.98799, 45.61203] as [number, number],
      [13.98799, 45.61288] as [number, number],
      [13.98711, 45.61203] as [number, number],
    ],
  ],
};

describe.each(databaseKinds)('sharing on $name', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL: 'https://journal.example' } });
  let anna: TestUser;
  let ben: TestUser;
  let carl: TestUser;
  let asAnna: Call;
  let asBen: Call;
  let spot: Location;
  let other: Location;

  beforeAll(async () => {
    [anna, ben, carl] = [await t.signUp(), await t.signUp(), await t.signUp()];
    [asAnna, asBen] = [anna, ben].map((who) => apiClient(t.app, who.auth)) as [Call, Call];
    spot = await seedLocation(t, anna, {
      name: 'Birch slope',
      description: 'behind the red barn',
      position: { lat: 45.61234, lng: 13.98765 },
      area: patch,
      access: { status: 'ask', note: 'ask Marta' },
    });
    await seedEntry(t, anna, spot.id, {
      date: '2026-08-15',
      // Written as species: the finds of an entry written before finds had quantities.
      species: ['chanterelle'],
      notes: 'under the birches',
    });
    other = await seedLocation(t, ben, { name: 'Ben spot', position: { lat: 1, lng: 1 } });
  });

  afterEach(() => vi.useRealTimers());

  const linkView = async (token: string) =>
    withCredential(t, await credentialFor(t, token), '/shared/link');
  const locationsOf = (res: { json: <T>() => T }) =>
    res.json<{ data: { locations: SharedLocation[] } }>().data.locations;

  it('answers a link share with PUBLIC_URL/s/#token, a 256-bit token in the fragment', async () => {
    const { url, token } = await seedShare(t, anna, { locationIds: [spot.id] });
    expect(url).toMatch(/^https:\/\/journal\.example\/s\/#[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.db.selectFrom('shares').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('gives the viewer the projection: the km1 square, dates by month, nothing else', async () => {
    const { token } = await seedShare(t, anna, {
      locationIds: [spot.id],
      include: { finds: true, notes: true },
    });
    const res = await linkView(token ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const [shared] = locationsOf(res);
    expect(shared).toEqual({
      id: expect.not.stringContaining(spot.id),
      name: 'Birch slope',
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [13.98, 45.61],
            [13.99, 45.61],
            [13.99, 45.62],
            [13.98, 45.62],
            [13.98, 45.61],
          ],
        ],
      },
      entries: [
        {
          id: expect.any(String),
          date: '2026-08',
          finds: [{ species: 'chanterelle' }],
          notes: 'under the birches',
        },
      ],
    });
    expect(res.json<{ data: { from: { name: string } } }>().data.from.name).toBe(
      anna.email.split('@')[0],
    );
  });

  it('leaves finds, notes and photos out unless included, and gives two shares of a spot different ids', async () => {
    const first = await seedShare(t, anna, { locationIds: [spot.id], precision: 'hidden' });
    const second = await seedShare(t, anna, { locationIds: [spot.id], precision: 'exact' });
    const [hidden] = locationsOf(await linkView(first.token ?? ''));
    const [exact] = locationsOf(await linkView(second.token ?? ''));
    expect(Object.keys(hidden ?? {}).sort()).toEqual(['entries', 'id', 'name']);
    expect(Object.keys(hidden?.entries[0] ?? {}).sort()).toEqual(['date', 'id']);
    expect(exact?.position).toEqual({ lat: 45.61234, lng: 13.98765 });
    expect(exact?.area).toEqual(patch);
    expect(exact?.id).not.toBe(hidden?.id);
    expect(exact?.entries[0]?.id).not.toBe(hidden?.entries[0]?.id);
  });

  it('refuses what it cannot take: 400 naming the field, another user spot as a missing one', async () => {
    const bad = await asAnna('POST', '/shares', {
      locationIds: [spot.id],
      audience: { link: true },
      precision: 'street',
      dates: 'month',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['precision']);
    const far = new Date(Date.now() + 366 * 86_400_000).toISOString();
    const tooLong = await asAnna('POST', '/shares', {
      locationIds: [spot.id],
      audience: { link: true },
      precision: 'km1',
      dates: 'month',
      expiresAt: far,
    });
    expect(fieldsOf(tooLong)).toEqual(['expiresAt']);
    const body = { audience: { link: true }, precision: 'km1', dates: 'day' };
    const foreign = await asAnna('POST', '/shares', { ...body, locationIds: [other.id] });
    const missing = await asAnna('POST', '/shares', { ...body, locationIds: [randomUUID()] });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual(errorOf(missing));
  });

  it('answers an e-mail share the same whether or not the address has an account', async () => {
    const body = { locationIds: [spot.id], precision: 'cell02', dates: 'year' };
    const known = await asAnna('POST', '/shares', { ...body, audience: { email: carl.email } });
    const unknown = await asAnna('POST', '/shares', {
      ...body,
      audience: { email: `nobody-${randomUUID()}@example.com` },
    });
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    expect(Object.keys(known.json<{ data: object }>().data)).toEqual(['id']);
    expect(Object.keys(unknown.json<{ data: object }>().data)).toEqual(['id']);
  });

  it('lets the invitee take the mailed invitation, then see the spots; nobody else', async () => {
    const { id, invitation } = await seedShare(t, anna, {
      locationIds: [spot.id],
      audience: { email: ben.email.toUpperCase() },
      precision: 'cell02',
    });
    const { grantId, token } = invitation ?? { grantId: '', token: '' };
    expect(grantId).not.toBe(id);
    // An address nobody proved lists nothing (the invitation tests: share-invitations.test.ts).
    expect(await grantIdsOf(t, ben)).not.toContain(grantId);
    expect((await acceptInvitation(t, carl, grantId, token)).statusCode).toBe(404);
    expect((await acceptInvitation(t, ben, grantId, token)).statusCode).toBe(204);
    const accepted = (await asBen('GET', '/shared')).json<{
      data: { id: string; status: string; locations?: SharedLocation[] }[];
    }>();
    const grant = accepted.data.find((g) => g.id === grantId);
    expect(grant?.status).toBe('accepted');
    expect(grant?.locations?.[0]?.area?.coordinates[0]?.[0]).toEqual([13.8, 45.6]);
    expect(await grantIdsOf(t, carl)).not.toContain(grantId);
    const listed = (await asAnna('GET', '/shares')).json<{ data: Share[] }>().data;
    expect(listed.find((share) => share.id === id)).toMatchObject({
      status: 'accepted',
      useCount: 1,
      lastUsedAt: expect.any(String),
      locationIds: [spot.id],
    });
  });

  it('serves a changed precision and a moved spot at the next read', async () => {
    const { id, token } = await seedShare(t, anna, { locationIds: [spot.id], precision: 'km1' });
    const credential = await credentialFor(t, token ?? '');
    expect(locationsOf(await withCredential(t, credential, '/shared/link'))[0]?.area).toBeDefined();
    const changed = await asAnna('PATCH', `/shares/${id}`, { precision: 'hidden' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: Share }>().data.precision).toBe('hidden');
    expect(locationsOf(await withCredential(t, credential, '/shared/link'))[0]).not.toHaveProperty(
      'area',
    );
    await asAnna('PATCH', `/shares/${id}`, { precision: 'cell02' });
    await asAnna('PUT', `/locations/${spot.id}`, { position: { lat: -33.95, lng: 151.21 } });
    const moved = locationsOf(await withCredential(t, credential, '/shared/link'))[0];
    expect(moved?.area?.coordinates[0]?.[0]).toEqual([151.2, -34]);
    await asAnna('PUT', `/locations/${spot.id}`, { position: { lat: 45.61234, lng: 13.98765 } });
    expect((await asBen('PATCH', `/shares/${id}`, { precision: 'exact' })).statusCode).toBe(404);
    const foreign = await asAnna('PATCH', `/shares/${id}`, { locationIds: [other.id] });
    expect(foreign.statusCode).toBe(404);
  });

  it('ends a share at DELETE: the link, its credential and the list all answer 404', async () => {
    const { id, token } = await seedShare(t, anna, { locationIds: [spot.id] });
    const credential = await credentialFor(t, token ?? '');
    expect((await asBen('DELETE', `/shares/${id}`)).statusCode).toBe(404);
    expect((await asAnna('DELETE', `/shares/${id}`)).statusCode).toBe(204);
    expect((await withCredential(t, credential, '/shared/link')).statusCode).toBe(404);
    expect((await openSession(t, token ?? '')).statusCode).toBe(404);
    expect((await asAnna('DELETE', `/shares/${id}`)).statusCode).toBe(404);
    const listed = (await asAnna('GET', '/shares')).json<{ data: Share[] }>().data;
    expect(listed.find((share) => share.id === id)?.status).toBe('revoked');
  });

  it('ends a share at its expiry, and a credential after 15 minutes', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const { token } = await seedShare(t, anna, { locationIds: [spot.id], expiresAt });
    const start = Date.now();
    const credential = await credentialFor(t, token ?? '');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 16 * 60_000);
    expect((await withCredential(t, credential, '/shared/link')).statusCode).toBe(401);
    expect((await linkView(token ?? '')).statusCode).toBe(200);
    vi.setSystemTime(Date.parse(expiresAt) + 1);
    expect((await openSession(t, token ?? '')).statusCode).toBe(404);
  });

  it('refuses a credential that is missing or forged with 401', async () => {
    const { token } = await seedShare(t, anna, { locationIds: [spot.id] });
    const credential = await credentialFor(t, token ?? '');
    const forged = `${credential.slice(0, -2)}xx`;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shared/link' })).statusCode).toBe(
      401,
    );
    expect((await withCredential(t, forged, '/shared/link')).statusCode).toBe(401);
    expect((await withCredential(t, ben.idToken, '/shared/link')).statusCode).toBe(401);
  });

  it('answers wrong tokens 404, and after ten of them 429 even for the right one', async () => {
    const { token } = await seedShare(t, anna, { locationIds: [spot.id] });
    const guesser = '198.51.100.77';
    for (let i = 0; i < 10; i += 1) {
      const wrong = await openSession(t, `guess-${i}-${'x'.repeat(30)}`, guesser);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.headers['cache-control']).toBe('no-store');
    }
    expect((await openSession(t, token ?? '', guesser)).statusCode).toBe(429);
    expect((await openSession(t, token ?? '', '198.51.100.78')).statusCode).toBe(201);
  });

  it("leaves an invitation pending for the address again when the grantee's account is deleted", async () => {
    const dora = await t.signUp();
    const { id, invitation } = await seedShare(t, anna, {
      locationIds: [spot.id],
      audience: { email: dora.email },
    });
    const { grantId, token } = invitation ?? { grantId: '', token: '' };
    expect((await acceptInvitation(t, dora, grantId, token)).statusCode).toBe(204);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { authorization: `Bearer ${dora.sessionToken}` },
      payload: { password: dora.password },
    });
    expect(deleted.statusCode).toBe(200);
    const listed = (await asAnna('GET', '/shares')).json<{ data: Share[] }>().data;
    expect(listed.find((share) => share.id === id)).toMatchObject({
      audience: { email: dora.email },
      status: 'pending',
    });
    // A new account with the address has proven nothing: it sees nothing until it gives the token.
    const again = await t.signUp(dora.email);
    expect(await grantIdsOf(t, again)).toEqual([]);
    expect((await acceptInvitation(t, again, grantId)).statusCode).toBe(404);
    expect((await acceptInvitation(t, again, grantId, token)).statusCode).toBe(204);
    expect(await grantIdsOf(t, again)).toEqual([grantId]);
  });

  it('reads the largest valid share (100 ids of 100 wide characters), refuses a bigger body with 413', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(100, '€'));
    const body = { audience: { link: true }, precision: 'km1', dates: 'day', locationIds: ids };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(16 * 1024);
    expect((await asAnna('POST', '/shares', body)).statusCode).toBe(404);
    const huge = { ...body, pad: 'x'.repeat(64 * 1024) };
    expect((await asAnna('POST', '/shares', huge)).statusCode).toBe(413);
  });
});
