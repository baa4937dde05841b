import type { Location } from '@fj/contract/locations';
import { syncAnswerSchema, type SyncAnswer } from '@fj/contract/sync';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestUser } from './test-app.ts';

/** GET /api/v1/sync (since the cursor, when given), as it answered. */
export function requestSync(
  t: TestApp,
  who: TestUser,
  since?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const query = since === undefined ? '' : `?since=${encodeURIComponent(since)}`;
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/sync${query}`,
    headers: { ...who.auth, ...headers },
  });
}

/** GET /sync, insisting on 200 and the contract's shape. */
export async function syncOf(t: TestApp, who: TestUser, since?: string): Promise<SyncAnswer> {
  const res = await requestSync(t, who, since);
  if (res.statusCode !== 200) throw new Error(`sync: ${res.statusCode} ${res.body}`);
  return syncAnswerSchema.parse(res.json());
}

/** GET /locations, insisting on 200: the list, its Sync-Cursor and its ETag. */
export async function listOf(
  t: TestApp,
  who: TestUser,
): Promise<{ data: Location[]; cursor: string; etag: string; body: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: who.auth });
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return {
    data: res.json<{ data: Location[] }>().data,
    cursor: String(res.headers['sync-cursor']),
    etag: String(res.headers.etag),
    body: res.body,
  };
}
