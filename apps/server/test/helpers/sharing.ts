import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CreateShareInput } from '@fj/contract/sharing';
import type { LightMyRequestResponse } from 'fastify';
import { mailText } from './mail.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** What an invitation mail's link holds: `/invitation#{grantId}.{token}`. */
export interface MailedInvitation {
  grantId: string;
  token: string;
  /** The mail's text part. */
  text: string;
}

/** The invitation link in a mail's text, if any. */
export function invitationIn(text: string): MailedInvitation | null {
  const match = /\/invitation#([\w-]+)\.([\w-]+)/.exec(text);
  return match?.[1] && match[2] ? { grantId: match[1], token: match[2], text } : null;
}

/**
 * The invitation mailed for an e-mail share, read from DATA_DIR/outbox (the mailer without
 * SMTP_URL). The mail is sent after the 201, so this waits for it (at most 5 s).
 */
export async function mailedInvitation(t: TestApp, shareId: string): Promise<MailedInvitation> {
  const grant = await t.app.db
    .selectFrom('share_grants')
    .select('id')
    .where('share_id', '=', shareId)
    .executeTakeFirstOrThrow();
  const dir = t.config.mail.outboxDir;
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const found = invitationIn(mailText(await readFile(path.join(dir, name), 'utf8')));
      if (found?.grantId === grant.id) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no invitation mail for grant ${grant.id}`);
}

/** POST /shared/{id}/accept as `who`, with the mailed token when given. */
export function acceptInvitation(
  t: TestApp,
  who: TestUser,
  grantId: string,
  token?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/shared/${grantId}/accept`,
    headers: who.auth,
    ...(token === undefined ? {} : { payload: { token } }),
  });
}

/**
 * POST /shares, insisting on 201: the share's id and, for a link, its url and token; for an
 * e-mail share, the invitation it mailed.
 */
export async function seedShare(
  t: TestApp,
  owner: TestUser,
  input: Partial<CreateShareInput> & Pick<CreateShareInput, 'locationIds'>,
): Promise<{ id: string; url?: string; token?: string; invitation?: MailedInvitation }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shares',
    headers: owner.auth,
    payload: { audience: { link: true }, precision: 'km1', dates: 'month', ...input },
  });
  if (res.statusCode !== 201) throw new Error(`share: ${res.statusCode} ${res.body}`);
  const { id, url } = res.json<{ data: { id: string; url?: string } }>().data;
  if (input.audience && 'email' in input.audience)
    return { id, invitation: await mailedInvitation(t, id) };
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
