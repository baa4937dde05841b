// An e-mail share's invitation: mailed over SMTP with a token only the mailbox holds, and taken
// only by an account whose address is proven (docs/behaviour.md#sharing).
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Location } from '@fj/contract/locations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import {
  mailHeaders,
  mailHtml,
  mailText,
  startSmtpListener,
  type SmtpListener,
} from './helpers/mail.ts';
import { seedLocation } from './helpers/seed.ts';
import { acceptInvitation, grantIdsOf, invitationIn } from './helpers/sharing.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp, useTestApps } from './helpers/use-test-app.ts';

const publicUrl = 'https://journal.example.org';

describe.each(databaseKinds)('share invitations over SMTP on $name', (kind) => {
  let smtp: SmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(kind, () => ({ env: { SMTP_URL: smtp.url, PUBLIC_URL: publicUrl } }));
  const apps = useTestApps();
  let anna: TestUser;
  let spot: Location;

  beforeAll(async () => {
    anna = await t.signUp(`anna-${randomUUID()}@example.com`);
    await t.app.db
      .updateTable('user')
      .set({ name: 'Anna <b>&</b> Co' })
      .where('id', '=', anna.id)
      .execute();
    spot = await seedLocation(t, anna, {
      name: 'Birch slope',
      position: { lat: 45.61, lng: 13.98 },
    });
  });

  /** POST /shares to an address: the answer, and the mail it sent. */
  async function shareWith(email: string) {
    const res = await apiClient(t.app, anna.auth)('POST', '/shares', {
      locationIds: [spot.id],
      audience: { email },
      precision: 'cell02',
      dates: 'month',
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.nextMail();
    const invitation = invitationIn(mailText(mail.raw));
    if (!invitation) throw new Error(`no invitation link in:\n${mailText(mail.raw)}`);
    return { id: res.json<{ data: { id: string } }>().data.id, mail, invitation };
  }

  it('mails the address as typed a link with the token in its fragment; the database keeps a hash', async () => {
    const ben = await t.signUp(`ben-${randomUUID()}@example.com`);
    const typed = ben.email.replace('ben', 'Ben');
    const { id, mail, invitation } = await shareWith(typed);
    expect(mail.to).toEqual([typed]);
    expect(mailHeaders(mail.raw).subject).toBe('Anna <b>&</b> Co shares foraging spots with you');
    const text = mailText(mail.raw);
    const link = `${publicUrl}/invitation#${invitation.grantId}.${invitation.token}`;
    expect(text).toContain(link);
    expect(text).toContain('1 spot with you on Foraging Journal, within a 20 km square, until');
    expect(invitation.token).toMatch(/^[\w-]{43}$/);
    expect(text).not.toContain('Birch slope');
    const html = mailHtml(mail.raw);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Anna &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(html).not.toContain('<b>');
    const row = await t.app.db
      .selectFrom('share_grants')
      .selectAll()
      .where('share_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(invitation.grantId);
    expect(row.claim_hash).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toContain(invitation.token);
  });

  it('mails an address without an account the same way, with the same answer', async () => {
    const { mail, invitation } = await shareWith(`nobody-${randomUUID()}@example.com`);
    expect(mailHeaders(mail.raw).subject).toBe('Anna <b>&</b> Co shares foraging spots with you');
    expect(invitation.token).toMatch(/^[\w-]{43}$/);
  });

  it('gives an account whose address nobody proved nothing: no listing, no accept without the token', async () => {
    const victim = `victim-${randomUUID()}@example.com`;
    // Mallory signs up with an address that is not hers: better-auth sends nothing to check it.
    const mallory = await t.signUp(victim);
    const { id, invitation } = await shareWith(victim);
    const other = await shareWith(`someone-${randomUUID()}@example.com`);
    expect(await grantIdsOf(t, mallory)).toEqual([]);
    const { grantId } = invitation;
    for (const token of [undefined, 'x'.repeat(43), other.invitation.token])
      expect((await acceptInvitation(t, mallory, grantId, token)).statusCode).toBe(404);
    const photo = await apiClient(t.app, mallory.auth)('GET', `/shared/${grantId}/photos/p1`);
    expect(photo.statusCode).toBe(404);
    const shares = await apiClient(t.app, anna.auth)('GET', '/shares');
    const share = shares.json<{ data: { id: string; status: string }[] }>().data;
    expect(share.find((s) => s.id === id)?.status).toBe('pending');
    const user = await t.app.db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', mallory.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(false);
  });

  it('refuses the right token from an account of another address', async () => {
    const carl = await t.signUp(`carl-${randomUUID()}@example.com`);
    const { invitation } = await shareWith(`dora-${randomUUID()}@example.com`);
    const res = await acceptInvitation(t, carl, invitation.grantId, invitation.token);
    expect(res.statusCode).toBe(404);
    expect(await grantIdsOf(t, carl)).toEqual([]);
  });

  it('takes the token as proof of the address: later invitations list as pending and need none', async () => {
    const eva = await t.signUp(`eva-${randomUUID()}@example.com`);
    const first = await shareWith(eva.email);
    expect(
      (await acceptInvitation(t, eva, first.invitation.grantId, first.invitation.token)).statusCode,
    ).toBe(204);
    // Taken twice: still 204, still hers.
    expect((await acceptInvitation(t, eva, first.invitation.grantId)).statusCode).toBe(204);
    const verified = await t.app.db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', eva.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(verified.emailVerified)).toBe(true);
    const second = await shareWith(eva.email.toUpperCase());
    const listed = await apiClient(t.app, eva.auth)('GET', '/shared');
    expect(listed.json<{ data: { id: string; status: string }[] }>().data).toEqual([
      expect.objectContaining({ id: second.invitation.grantId, status: 'pending' }),
      expect.objectContaining({ id: first.invitation.grantId, status: 'accepted' }),
    ]);
    expect((await acceptInvitation(t, eva, second.invitation.grantId)).statusCode).toBe(204);
  });

  it('refuses a token that is not a string with 400 naming it', async () => {
    const res = await apiClient(t.app, anna.auth)('POST', `/shared/${randomUUID()}/accept`, {
      token: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('token');
  });

  it('creates the share when the mail server cannot be reached, and logs it', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    const down = await apps.start(kind, {
      env: { SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'warn' },
      overrides: { logStream: stream },
    });
    const owner = await down.signUp();
    const own = await seedLocation(down, owner, { position: { lat: 1, lng: 1 } });
    const res = await apiClient(down.app, owner.auth)('POST', '/shares', {
      locationIds: [own.id],
      audience: { email: 'ben@example.com' },
      precision: 'km1',
      dates: 'day',
    });
    expect(res.statusCode).toBe(201);
    const deadline = Date.now() + 5000;
    while (
      !lines.some((l) => l.includes('share invitation mail not sent')) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.join('')).toContain('share invitation mail not sent');
  });
});
