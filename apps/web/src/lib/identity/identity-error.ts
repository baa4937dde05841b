import { parseWith, type AnswerSchema } from '../answer-schema.ts';

/**
 * docs/behaviour.md#expired-session: the code the identity client gives when the session behind
 * the token is gone; the API client answers it by sending the browser to /login.
 */
export const TOKEN_EXPIRED_CODE = 'auth/user-token-expired';

/** A failure from the identity provider; `code` is the provider's stable code, `message` its text. */
export class IdentityError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** An /api/auth answer through its contract schema; a mismatch is an IdentityError like any other. */
export const readIdentityAnswer = <T>(schema: AnswerSchema<T>, body: unknown): T =>
  parseWith(
    schema,
    body,
    (mismatch) =>
      new IdentityError(
        'auth/invalid-response',
        `The identity provider sent an answer this app cannot read (${mismatch})`,
      ),
  );
