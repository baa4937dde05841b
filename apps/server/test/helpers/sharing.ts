import type { CreateShareInput } from '@fj/contract/sharing';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestUser } from './test-app.ts';

/** POST /shares, insisting on 201: the share's id and, for a link, its url and token. */
export async function seedShare(
  t: TestApp,
  owner: TestUser,
  input: Partial<CreateShareInput> & Pick<CreateShareInput, 'locationIds'>,
): Promise<{ id: string; url?: string; token?: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shares',
    headers: owner.auth,
    payload: { audience: { link: true }, precision: 'km1', dates: 'month', ...input },
  });
  if (res.statusCode !== 201) throw new Error(`share: ${res.statusCode} ${res.body}`);
  const { id, url } = res.json<{ data: { id: string; url?: string } }>().data;
  return { id, url, token: url?.split('#')[1] };
}

/** POST /share-sessions with a token, from a client address of the caller's choosing. */
export function openSession(
  t: TestApp,
  token: string,
  remoteAddress = '203.0.113.9',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/share-sessions',
    payload: { token },
    remoteAddress,
  });
}

/** A link's credential, insisting on 201. */
export async function credentialFor(t: TestApp, token: string): Promise<string> {
  const res = await openSession(t, token);
  if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { credential: string } }>().data.credential;
}

/** GET an /api/v1 path with a share credential. */
export function withCredential(
  t: TestApp,
  credential: string,
  url: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${credential}` },
  });
}

/** The grant id of the share from `ownerName` in the user's GET /shared. */
export async function grantIdsOf(t: TestApp, who: TestUser): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/shared', headers: who.auth });
  if (res.statusCode !== 200) throw new Error(`shared: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string }[] }>().data.map((grant) => grant.id);
}
