import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/log-redaction.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { mailText, startSmtpListener, type SmtpListener } from './helpers/mail.ts';
import { fetchSigned, uploadedPhoto } from './helpers/photos.ts';
import { seedLocation } from './helpers/seed.ts';
import { credentialFor, openSession, seedShare, withCredential } from './helpers/sharing.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Everything the app's logger writes, as one text. */
function captureLog() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

const tokenIn = (text: string) => {
  const token = /reset-password\?token=([^\s"<]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(token);
};

describe('redactUrl', () => {
  it.each([
    [
      '/api/files/u1/a.webp?expires=172800000&sig=abc-DEF_1',
      '/api/files/u1/a.webp?expires=172800000&sig=[redacted]',
    ],
    ['/reset-password?token=xyz', '/reset-password?token=[redacted]'],
    [
      '/api/auth/reset-password/xyz?callbackURL=%2Flogin',
      '/api/auth/reset-password/[redacted]?callbackURL=%2Flogin',
    ],
    ['/api/auth/verify-email?%74oken=xyz&a=1', '/api/auth/verify-email?%74oken=[redacted]&a=1'],
    ['/api/v1/locations', '/api/v1/locations'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe.each(databaseKinds)('the log on $name', (kind) => {
  let smtp: SmtpListener;
  const log = captureLog();

  beforeAll(async () => {
    smtp = await startSmtpListener();
  });
  afterAll(() => smtp.close());
  // Built once the listener is up (the hooks above run first), and closed before it.
  const t = useTestApp(kind, () => ({
    // trace: the most the logger ever writes, better-auth's own debug messages included.
    env: { SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
    overrides: { logStream: log.stream },
  }));

  it('holds no password, token, reset link or URL signature after a whole session', async () => {
    const password = 'secret-chanterelle-2026';
    const user = await t.signUp(undefined, password);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password },
    });
    expect(signIn.statusCode).toBe(200);
    const sessionToken = String(signIn.headers['set-auth-token']);
    const idToken = await t.idTokenFor(sessionToken);

    const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 64, height: 48 }));
    expect((await fetchSigned(t, photo.url)).statusCode).toBe(200);
    const sig = new URL(photo.url, 'http://x').searchParams.get('sig') ?? '';

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/login' },
    });
    expect(reset.statusCode).toBe(200);
    const resetToken = tokenIn(mailText((await smtp.nextMail()).raw));
    const page = await t.app.inject({
      method: 'GET',
      url: `/reset-password?token=${encodeURIComponent(resetToken)}`,
    });
    expect(page.statusCode).toBe(200);
    const viaAuth = await t.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${encodeURIComponent(resetToken)}?callbackURL=%2Flogin`,
    });
    expect(viaAuth.statusCode).toBeLessThan(500);

    const spot = await seedLocation(t, user);
    const share = await seedShare(t, user, { locationIds: [spot.id], include: { photos: true } });
    const credential = await credentialFor(t, share.token ?? '');
    expect((await withCredential(t, credential, '/shared/link')).statusCode).toBe(200);
    expect((await openSession(t, `${share.token ?? ''}x`)).statusCode).toBe(404);

    const text = log.text();
    expect(text).toContain('/api/v1/shared/link');
    // The log did see all these requests: the secrets are missing, not the lines.
    expect(text).toContain('/api/files/');
    expect(text).toContain('sig=[redacted]');
    expect(text).toContain('/reset-password?token=[redacted]');
    expect(text).toContain('/api/auth/reset-password/[redacted]');
    const secrets = {
      password,
      sessionToken,
      idToken,
      'the first ID token': user.idToken,
      resetToken,
      sig,
      'the share token': share.token ?? '',
      'the share credential': credential,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(10);
      expect(text.includes(secret), `${name} is in the log`).toBe(false);
    }
  });
});

describe.each(databaseKinds)('without SMTP_URL on $name', (kind) => {
  const log = captureLog();
  const t = useTestApp(kind, { env: { LOG_LEVEL: 'info' }, overrides: { logStream: log.stream } });

  it('logs the reset link on purpose: the one way to reach it with no mail server', async () => {
    const user = await t.signUp();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/login' },
    });
    expect(reset.statusCode).toBe(200);
    expect(log.text()).toMatch(/"link":"http[^"]+\/reset-password\?token=[^"[]+"/);
  });
});
