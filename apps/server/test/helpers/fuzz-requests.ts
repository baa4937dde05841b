import { createEntrySchema, updateEntrySchema } from '@fj/contract/entries';
import { createLocationSchema, updateLocationSchema } from '@fj/contract/locations';
import {
  createPreferencesSchema,
  updateCategoriesSchema,
  updateSpeciesSchema,
  updateTerrainSchema,
  updateTreesSchema,
  updateTutorialSchema,
} from '@fj/contract/preferences';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { z } from 'zod';
import {
  arbitraryFor,
  brokenText,
  mutatedBody,
  oddContentType,
  oddText,
} from './fuzz-arbitraries.ts';

export interface FuzzTargets {
  /** Authorization header of the user whose requests are fuzzed. */
  auth: Record<string, string>;
  /** A bearer session token for the /api/auth routes (a user of its own). */
  sessionToken: string;
  /** Ids to aim at: the fuzzing user's own, and a second user's. */
  locationIds: string[];
  entryIds: string[];
  /** A small real PNG. */
  png: Buffer;
  /**
   * The client address the requests come from: better-auth keeps its rate-limit counts per
   * process and address, so the fuzzer must not use up the budget of other apps' set-up.
   */
  remoteAddress: string;
}

/** Percent-encodes text; lone surrogates (which cannot be encoded) become U+FFFD first. */
export const encodePath = (text: string) =>
  encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

export type Body = { payload?: string | Buffer | object; contentType?: string };

/** Valid, mutated or byte-broken bodies for a schema, under a fitting or odd content type. */
function bodies(schema: z.ZodType): fc.Arbitrary<Body> {
  const valid = arbitraryFor(schema);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((payload) => ({ payload: payload as object })) },
    { weight: 4, arbitrary: mutatedBody(valid).map((payload) => ({ payload: payload as object })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(brokenText(valid), fc.constantFrom('application/json', 'application/json'))
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, oddContentType)
        .map(([payload, contentType]) => ({ payload: JSON.stringify(payload), contentType })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A path parameter: a real id (own or another user's), or something odd, encoded or raw. */
const idFrom = (known: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.oneof(oddText, fc.uuid()).map(encodePath) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%E0%A4%A',
        '%00',
        '%',
        'x'.repeat(150),
        'x'.repeat(5000),
        '..%2F..%2Fetc',
        '%20%20',
        ` ${known[0] ?? ''} `.replaceAll(' ', '%20'),
      ),
    },
  );

/** multipart/form-data bodies: a real image, broken ones, boundary mismatches, truncations. */
export function multipart(png: Buffer): fc.Arbitrary<Body> {
  const part = (boundary: string, data: Buffer, name = 'file', filename = 'a.png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  return fc
    .tuple(
      fc.constantFrom('b0undary', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
      fc.constantFrom('same', 'other', 'none', 'quoted', 'empty'),
      fc.constantFrom('whole', 'truncated', 'flipped', 'random', 'text', 'twoFiles', 'noFile'),
      fc.nat(),
      oddText,
    )
    .map(([boundary, declared, shape, n, name]) => {
      const whole = part(boundary, png, 'file', name || 'a.png');
      const bytes = {
        whole,
        truncated: whole.subarray(0, n % whole.length),
        flipped: Buffer.from(whole).fill(
          n % 256,
          n % whole.length,
          Math.min(whole.length, (n % whole.length) + 4),
        ),
        random: Buffer.from(Array.from({ length: n % 200 }, (_, i) => (i * 37 + n) % 256)),
        text: part(boundary, Buffer.from('not an image')),
        twoFiles: Buffer.concat([part(boundary, png).subarray(0, -4), part(boundary, png)]),
        noFile: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--${boundary}--\r\n`,
        ),
      }[shape];
      const contentType = {
        same: `multipart/form-data; boundary=${boundary}`,
        other: 'multipart/form-data; boundary=not-the-one',
        none: 'multipart/form-data',
        quoted: `multipart/form-data; boundary="${boundary}"`,
        empty: 'multipart/form-data; boundary=',
      }[declared];
      return { payload: bytes, contentType };
    });
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: fc.Arbitrary<string>;
  body?: fc.Arbitrary<Body>;
  /** /api/auth routes answer in better-auth's own shape. */
  auth?: boolean;
}

const credentials = z.object({ email: z.string(), password: z.string(), name: z.string() });
const token = z.object({ token: z.string(), newPassword: z.string() });
const passwords = z.object({
  currentPassword: z.string(),
  newPassword: z.string(),
  revokeOtherSessions: z.boolean(),
});

export function fuzzRoutes(t: FuzzTargets): Route[] {
  const loc = idFrom(t.locationIds);
  const entry = idFrom(t.entryIds);
  const at = (path: string) => fc.constant(path);
  return [
    { method: 'GET', url: at('/api/v1/locations') },
    { method: 'POST', url: at('/api/v1/locations'), body: bodies(createLocationSchema) },
    { method: 'GET', url: loc.map((id) => `/api/v1/locations/${id}`) },
    {
      method: 'PUT',
      url: loc.map((id) => `/api/v1/locations/${id}`),
      body: bodies(updateLocationSchema),
    },
    { method: 'DELETE', url: loc.map((id) => `/api/v1/locations/${id}`) },
    {
      method: 'POST',
      url: loc.map((id) => `/api/v1/locations/${id}/entries`),
      body: bodies(createEntrySchema),
    },
    {
      method: 'PUT',
      url: fc.tuple(loc, entry).map(([l, e]) => `/api/v1/locations/${l}/entries/${e}`),
      body: bodies(updateEntrySchema),
    },
    {
      method: 'DELETE',
      url: fc.tuple(loc, entry).map(([l, e]) => `/api/v1/locations/${l}/entries/${e}`),
    },
    { method: 'GET', url: at('/api/v1/preferences') },
    { method: 'POST', url: at('/api/v1/preferences'), body: bodies(createPreferencesSchema) },
    {
      method: 'PUT',
      url: at('/api/v1/preferences/categories'),
      body: bodies(updateCategoriesSchema),
    },
    {
      method: 'PUT',
      url: oddText.map((c) => `/api/v1/preferences/species/${encodePath(c)}`),
      body: bodies(updateSpeciesSchema),
    },
    { method: 'PUT', url: at('/api/v1/preferences/terrain'), body: bodies(updateTerrainSchema) },
    { method: 'PUT', url: at('/api/v1/preferences/trees'), body: bodies(updateTreesSchema) },
    { method: 'PUT', url: at('/api/v1/preferences/tutorial'), body: bodies(updateTutorialSchema) },
    {
      method: 'POST',
      url: at('/api/v1/photos'),
      body: fc.oneof(
        { weight: 4, arbitrary: multipart(t.png) },
        { weight: 1, arbitrary: bodies(z.object({})) },
      ),
    },
    { method: 'POST', url: at('/api/auth/sign-up/email'), body: bodies(credentials), auth: true },
    { method: 'POST', url: at('/api/auth/sign-in/email'), body: bodies(credentials), auth: true },
    { method: 'POST', url: at('/api/auth/sign-out'), body: bodies(z.object({})), auth: true },
    { method: 'GET', url: at('/api/auth/token'), auth: true },
    { method: 'GET', url: at('/api/auth/get-session'), auth: true },
    {
      method: 'POST',
      url: at('/api/auth/request-password-reset'),
      body: bodies(z.object({ email: z.string(), redirectTo: z.string() })),
      auth: true,
    },
    { method: 'POST', url: at('/api/auth/reset-password'), body: bodies(token), auth: true },
    { method: 'POST', url: at('/api/auth/change-password'), body: bodies(passwords), auth: true },
    {
      method: 'POST',
      url: at('/api/auth/delete-user'),
      body: bodies(z.object({ password: z.string() })),
      auth: true,
    },
  ];
}

/** Authorization: mostly the fuzzing user's, sometimes none or a forged one. */
function authHeaders(t: FuzzTargets, route: Route): fc.Arbitrary<Record<string, string>> {
  const own = route.auth ? { authorization: `Bearer ${t.sessionToken}` } : t.auth;
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(own) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: oddText.map((s) => ({
        authorization: `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}x`,
      })),
    },
  );
}

export interface FuzzRequest {
  options: InjectOptions;
  auth: boolean;
}

export function fuzzRequest(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const routes = fuzzRoutes(t);
  return fc.oneof(
    ...routes.map((route) =>
      fc
        .tuple(route.url, route.body ?? fc.constant<Body>({}), authHeaders(t, route))
        .map(([url, body, headers]) => ({
          auth: route.auth ?? false,
          options: {
            method: route.method,
            url,
            remoteAddress: t.remoteAddress,
            headers:
              body.contentType !== undefined
                ? { ...headers, 'content-type': body.contentType }
                : headers,
            ...(body.payload === undefined ? {} : { payload: body.payload }),
          } as InjectOptions,
        })),
    ),
  );
}
