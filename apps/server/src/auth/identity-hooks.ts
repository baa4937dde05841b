import { APIError, createAuthMiddleware } from 'better-auth/api';

interface SessionOfToken {
  user: Record<string, unknown>;
  session: { id: string };
}

/** The ID token's claims: better-auth's default (the user) plus `sid`, the session it came from. */
export function idTokenPayload({ user, session }: SessionOfToken): Record<string, unknown> {
  return { ...user, sid: session.id };
}

function bodyOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Requests better-auth would otherwise take on weaker terms:
 * - delete-user accepts a session alone when the session is fresh (under a day old); we want the
 *   password every time, whatever the client sends;
 * - change-password keeps the session when asked to; we always end every session, so ID tokens
 *   issued before the change stop working (the caller gets a new session in the answer).
 */
export const requestHooks = createAuthMiddleware(async (ctx) => {
  if (ctx.path === '/delete-user') {
    const { password } = bodyOf(ctx.body);
    if (typeof password !== 'string' || password.length === 0) {
      throw new APIError('BAD_REQUEST', {
        code: 'PASSWORD_REQUIRED',
        message: 'Enter your password to delete your account',
      });
    }
    return;
  }
  if (ctx.path === '/change-password') {
    return { context: { body: { ...bodyOf(ctx.body), revokeOtherSessions: true } } };
  }
});
