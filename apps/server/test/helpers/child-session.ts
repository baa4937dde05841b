import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** Makes the server's build if it is missing or stale (scripts/server-build.mjs, as `npm start`). */
export function ensureServerBuild(): void {
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: repoRoot });
  if (build.status !== 0) throw new Error(`server build failed: ${String(build.stderr)}`);
}

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
