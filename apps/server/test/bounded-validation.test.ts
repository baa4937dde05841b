import type { AddressInfo } from 'node:net';
import { limits } from '@fj/contract/limits';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits } from '../src/body-limits.ts';
import { apiClient, errorOf, fieldsOf, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const spot = { name: 'Spruce bog', position: { lat: 59.33, lng: 18.07 } };
/** A 3-byte UTF-8 character: the widest a schema-valid character gets in JSON. */
const wide = '€';
const label = (i: number) => `${i}`.padEnd(limits.labelLength, wide);
const labels = (n: number, from = 0) => Array.from({ length: n }, (_, i) => label(from + i));
/** The longest JSON.stringify writes a double within ±180. */
const longNumber = (sign: number) => sign * 2.2250738585072014e-308;

/** 500 kB: one ring of 250,000 numbers where [lng, lat] pairs belong. */
const wrongNumbersBody = () =>
  `{"name":"x","position":{"lat":1,"lng":1},"area":{"type":"Polygon","coordinates":[[${'0,'.repeat(249_999)}0]]}}`;

function expectSmallError(res: LightMyRequestResponse | { status: number; body: string }) {
  const status = 'statusCode' in res ? res.statusCode : res.status;
  expect(status).toBe(400);
  expect(Buffer.byteLength(res.body)).toBeLessThan(16 * 1024);
  const body = JSON.parse(res.body) as { error: { code: string; fields?: object } };
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.error.fields ?? {}).length).toBeLessThanOrEqual(20);
}

/** The biggest location the schemas accept, every field at its limit and widest spelling. */
function largestLocation() {
  const vertices = limits.patchVertices;
  const ring = Array.from({ length: vertices - 1 }, (_, i) => [
    longNumber(i % 2 ? 1 : -1),
    longNumber(i % 3 ? 1 : -1),
  ]);
  ring.push(ring[0] ?? []);
  return {
    name: wide.repeat(limits.nameLength),
    description: wide.repeat(limits.longTextLength),
    position: { lat: -89.12345678901235, lng: -179.12345678901235 },
    area: { type: 'Polygon', coordinates: [ring] },
    categories: labels(limits.locationCategories),
    species: labels(limits.locationSpecies),
    treeTypes: labels(limits.locationTreeTypes),
    terrainType: label(0),
    favorite: true,
    access: { status: 'no-foraging', note: wide.repeat(limits.accessNoteLength) },
  };
}

describe.each(databaseKinds)('bounded validation on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let call: Call;

  beforeAll(async () => {
    user = await t.signUp();
    call = apiClient(t.app, user.auth);
  });

  it('answers a 500 kB polygon of 250,000 wrong numbers with one small error, and /api/health meanwhile', async () => {
    const body = wrongNumbersBody();
    expect(body.length).toBeGreaterThan(500_000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const timed = async (url: string, init?: RequestInit) => {
      const start = performance.now();
      const res = await fetch(`${base}${url}`, init);
      return { status: res.status, body: await res.text(), ms: performance.now() - start };
    };
    const [bad, health] = await Promise.all([
      timed('/api/v1/locations', {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body,
      }),
      new Promise((resolve) => setTimeout(resolve, 2)).then(() => timed('/api/health')),
    ]);
    expectSmallError(bad);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { fields: { area: expect.any(String) } } });
    expect(health.status).toBe(200);
    // Generous bounds (the target, 50 ms, is in the benchmark); before the fix: 2.4 s and 2.1 s.
    expect(bad.ms).toBeLessThan(1000);
    expect(health.ms).toBeLessThan(1000);
  });

  it('counts customSpecies before parsing it: 250,000 wrong species give one small error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/preferences',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: `{"id":"${user.id}","customSpecies":{"mushrooms":[${'0,'.repeat(249_999)}0]}}`,
    });
    expectSmallError(res);
    expect(errorOf(res).fields).toEqual({
      customSpecies: `At most ${limits.speciesPerCategory} species in one category`,
    });
  });

  it('lists at most 20 fields when 2,000 labels are all wrong', async () => {
    const res = await call('PUT', '/preferences/species/mushrooms', {
      species: Array.from({ length: limits.speciesPerCategory }, (_, i) => i),
    });
    expectSmallError(res);
    expect(fieldsOf(res)).toHaveLength(20);
    expect(errorOf(res).message).toMatch(/and 1980 more/);
  });

  it('refuses one item past each count limit', async () => {
    const ringOf = (n: number) => {
      const ring = Array.from({ length: n - 1 }, (_, i) => [i / n, 0]);
      return [...ring, [0, 0]];
    };
    const patch = (n: number) => ({ ...spot, area: { type: 'Polygon', coordinates: [ringOf(n)] } });
    expect((await call('POST', '/locations', patch(limits.patchVertices))).statusCode).toBe(201);
    const tooBig = await call('POST', '/locations', patch(limits.patchVertices + 1));
    expect(errorOf(tooBig).fields).toEqual({
      area: `A patch has at most ${limits.patchVertices} vertices in all`,
    });
    const speciesMap = (categories: number, each: number) =>
      Object.fromEntries(Array.from({ length: categories }, (_, c) => [`c${c}`, labels(each)]));
    const cases: [string, object][] = [
      ['customSpecies', { customSpecies: speciesMap(limits.categories + 1, 0) }],
      ['customSpecies', { customSpecies: speciesMap(6, limits.speciesTotal / 5) }],
      ['customSpeciesCategories', { customSpeciesCategories: labels(limits.categories + 1) }],
    ];
    for (const [field, body] of cases) {
      const res = await call('POST', '/preferences', { id: user.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const fine = await call('POST', '/preferences', {
      id: user.id,
      customSpecies: speciesMap(5, limits.speciesTotal / 5),
    });
    expect(fine.statusCode).toBe(201);
  });

  it('takes the largest valid location body, and refuses one byte more than the limit', async () => {
    const payload = JSON.stringify(largestLocation());
    const size = Buffer.byteLength(payload);
    expect(size).toBeLessThanOrEqual(bodyLimits.location);
    expect(size).toBeGreaterThan(bodyLimits.location * 0.9);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const padded = payload.padEnd(bodyLimits.location + 1, ' ');
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: padded,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes the largest valid preferences body', async () => {
    const categories = labels(limits.categories);
    const perCategory = limits.speciesTotal / limits.categories;
    const other = await t.signUp();
    const payload = JSON.stringify({
      id: other.id,
      name: wide.repeat(200),
      email: wide.repeat(320),
      customSpeciesCategories: categories,
      customSpecies: Object.fromEntries(
        categories.map((c, i) => [c, labels(perCategory, i * perCategory)]),
      ),
      customTerrainTypes: labels(limits.terrainTypes),
      customTreeTypes: labels(limits.treeTypes),
    });
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(bodyLimits.preferences);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(bodyLimits.preferences * 0.9);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/preferences',
      headers: { ...other.auth, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(201);
  });

  it('keeps the default body limit small: 16 kB for sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'x'.repeat(bodyLimits.default) },
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
