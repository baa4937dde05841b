import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import {
  mailHeaders,
  mailHtml,
  mailText,
  startSmtpListener,
  type SmtpListener,
} from './helpers/mail.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const publicUrl = 'https://journal.example.org';
const usedOrExpired = 'expired or was already used';

/** The reset link in a mail's text: `${PUBLIC_URL}/reset-password?token=…`. */
function resetLinkIn(text: string): string {
  const match = /(\S+\/reset-password\?token=[^\s"<]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
  return match[1];
}

function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The path and query of a link, for app.inject. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe.each(databaseKinds)('password reset over SMTP on $name', (kind) => {
  let smtp: SmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener();
  });
  afterAll(() => smtp.close());
  // Built once the listener is up (the hooks above run first), and closed before it.
  const t = useTestApp(kind, () => ({ env: { SMTP_URL: smtp.url, PUBLIC_URL: publicUrl } }));
  afterEach(() => vi.useRealTimers());

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
    });

  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/login' },
    });

  const submit = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/reset-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  /** Signs up, asks for a reset and answers the link the mail carries. */
  async function resetLinkFor(user: TestUser): Promise<string> {
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([user.email]);
    return resetLinkIn(mailText(mail.raw));
  }

  it('mails a link, and the page it opens sets the new password once', async () => {
    const user = await t.signUp();
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);

    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('no-reply@localhost');
    const headers = mailHeaders(mail.raw);
    expect(headers.subject).toBe('Reset your Foraging Journal password');
    expect(headers.to).toContain(user.email);
    const link = resetLinkIn(mailText(mail.raw));
    expect(link).toMatch(new RegExp(`^${publicUrl}/reset-password\\?token=[\\w%-]+$`));
    // The HTML part carries the same link.
    expect(mailHtml(mail.raw)).toContain(`href="${link}"`);
    const token = tokenOf(link);

    const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post" action="/reset-password">');
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(page.body).toContain('name="password"');
    expect(page.body).toContain('name="confirm"');

    const done = await submit({ token, password: 'porcini-2026', confirm: 'porcini-2026' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/login?reset=done');

    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    const fresh = await signIn(user.email, 'porcini-2026');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<{ user: { id: string } }>().user.id).toBe(user.id);

    const again = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain(usedOrExpired);
    expect(again.body).not.toContain('<form');

    const replay = await submit({ token, password: 'stolen-pass', confirm: 'stolen-pass' });
    expect(replay.statusCode).toBe(410);
    expect(replay.body).toContain(usedOrExpired);
    expect((await signIn(user.email, 'stolen-pass')).statusCode).toBe(401);
    expect((await signIn(user.email, 'porcini-2026')).statusCode).toBe(200);
  });

  it('signs out every session the account had: the old session yields no ID token', async () => {
    const user = await t.signUp();
    expect(await t.idTokenFor(user.sessionToken)).toEqual(expect.any(String));
    const token = tokenOf(await resetLinkFor(user));
    const done = await submit({ token, password: 'hedgehog-9', confirm: 'hedgehog-9' });
    expect(done.statusCode).toBe(303);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { authorization: `Bearer ${user.sessionToken}` },
    });
    expect(res.statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { authorization: `Bearer ${user.sessionToken}` },
    });
    expect(session.json()).toBeNull();
  });

  it.each([
    [{ password: 'porcini-2026', confirm: 'porcini-2062' }, 'The two passwords differ.'],
    [{ password: 'abc12', confirm: 'abc12' }, 'The password needs at least 6 characters.'],
    [{ password: '', confirm: '' }, 'The password needs at least 6 characters.'],
  ])('re-renders the form with a message for %j and changes nothing', async (fields, message) => {
    const user = await t.signUp();
    const token = tokenOf(await resetLinkFor(user));
    const res = await submit({ token, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(message);
    expect(res.body).toContain(`name="token" value="${token}"`);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, fields.password)).statusCode).toBe(401);
    // The link still works afterwards.
    const page = await t.app.inject({
      method: 'GET',
      url: `/reset-password?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    const done = await submit({ token, password: 'second-try', confirm: 'second-try' });
    expect(done.statusCode).toBe(303);
    expect((await signIn(user.email, 'second-try')).statusCode).toBe(200);
  });

  it('re-renders the form for a password longer than the identity provider takes', async () => {
    const user = await t.signUp();
    const token = tokenOf(await resetLinkFor(user));
    const long = 'x'.repeat(129);
    const res = await submit({ token, password: long, confirm: long });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('at most 128 characters');
    expect(res.body).toContain(`name="token" value="${token}"`);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    const done = await submit({ token, password: 'x'.repeat(128), confirm: 'x'.repeat(128) });
    expect(done.statusCode).toBe(303);
  });

  it('the link works for one hour only', async () => {
    const user = await t.signUp();
    const link = await resetLinkFor(user);
    const token = tokenOf(link);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: pathOf(link) })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(usedOrExpired);
    const res = await submit({ token, password: 'too-late-1', confirm: 'too-late-1' });
    expect(res.statusCode).toBe(410);
    vi.useRealTimers();
    expect((await signIn(user.email, 'too-late-1')).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers an unknown address as a known one, and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await requestReset(`nobody-${Date.now()}@example.com`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);
  });

  it('shows the expired page for a made-up token, and a bare page without one', async () => {
    const made = await t.app.inject({ method: 'GET', url: '/reset-password?token=madeup123' });
    expect(made.statusCode).toBe(410);
    expect(made.body).toContain(usedOrExpired);
    expect(made.body).not.toContain('<form');
    const none = await t.app.inject({ method: 'GET', url: '/reset-password' });
    expect(none.statusCode).toBe(400);
    expect(none.body).not.toContain('<form');
    const post = await submit({ token: 'madeup123', password: 'whatever1', confirm: 'whatever1' });
    expect(post.statusCode).toBe(410);
  });
});

describe.each(databaseKinds)('password reset without SMTP_URL on $name', (kind) => {
  const t = useTestApp(kind);

  it('writes the mail to DATA_DIR/outbox as an .eml file holding a working link', async () => {
    const user = await t.signUp();
    const outbox = t.config.mail.outboxDir;
    expect(outbox).toBe(path.join(t.config.dataDir, 'outbox'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/login' },
    });
    expect(res.statusCode).toBe(200);

    const files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const [file] = files;
    if (!file) throw new Error('no .eml file');
    expect(file).toContain(user.email);
    const raw = readFileSync(path.join(outbox, file), 'utf8');
    expect(mailHeaders(raw).subject).toBe('Reset your Foraging Journal password');
    const link = resetLinkIn(mailText(raw));
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/reset-password\\?token=`));

    const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form');
  });
});
