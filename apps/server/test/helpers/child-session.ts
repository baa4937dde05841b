import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A fresh account on a running server, signed up as the web app does, and its ID token. */
export async function signUpOver(baseUrl: string): Promise<{ token: string; email: string }> {
  const email = `socket-${randomUUID()}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    // better-auth wants the origin of a browser on PUBLIC_URL (or a native app's).
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'chanterelle', name: 'Socket' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const session = signUp.headers.get('set-auth-token') ?? '';
  const tokenRes = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!tokenRes.ok) throw new Error(`token: ${tokenRes.status} ${await tokenRes.text()}`);
  return { token: ((await tokenRes.json()) as { token: string }).token, email };
}

/**
 * Asks for a password reset for the account and answers the token of the link mailed for it:
 * without SMTP_URL the server writes its mail to DATA_DIR/outbox.
 */
export async function resetTokenOver(
  baseUrl: string,
  dataDir: string,
  email: string,
): Promise<string> {
  const asked = await fetch(`${baseUrl}/api/auth/request-password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, redirectTo: '/login' }),
  });
  if (!asked.ok) throw new Error(`reset: ${asked.status} ${await asked.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  const safeTo = email.replace(/[^a-z0-9@._-]/gi, '_');
  for (let waited = 0; waited < 10_000; waited += 100) {
    const mail = readdirSync(outbox, { withFileTypes: true })
      .filter((entry) => entry.name.endsWith(`-${safeTo}.eml`))
      .map((entry) => readFileSync(path.join(outbox, entry.name), 'utf8'))[0];
    // Quoted-printable: soft line breaks and "=" written as "=3D".
    const text = mail?.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const token = text && /\/reset-password\?token=([^\s"<>&]+)/.exec(text)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email} in ${outbox}`);
}
