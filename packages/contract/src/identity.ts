import { isRecord, objectAt, reading, textAt } from './reading.ts';

/*
 * The parts of better-auth's answers (under /api/auth) that the web app reads
 * (docs/behaviour.md#identity-provider). better-auth sends more; what is not named here is dropped.
 * Read by hand, without zod: these are the login page's answers (reading.ts says why).
 */

/** A user as better-auth answers it. */
export interface IdentityUserAnswer {
  id: string;
  email?: string;
  name?: string;
}

/** Sign-in, sign-up and a session: an answer carrying the user. */
export interface UserAnswer {
  user: IdentityUserAnswer;
}

function readUserAnswer(input: unknown): UserAnswer {
  const user = objectAt(objectAt(input, []).user, ['user']);
  const email = textAt(user.email, ['user', 'email']);
  const name = textAt(user.name, ['user', 'name']);
  return {
    user: {
      id: textAt(user.id, ['user', 'id'], true),
      ...(email === undefined ? {} : { email }),
      ...(name === undefined ? {} : { name }),
    },
  };
}

export const userAnswerReading = reading(readUserAnswer);

/** GET /get-session: the session with its user, or null when nobody is signed in. */
export const sessionAnswerReading = reading((input): UserAnswer | null =>
  input === null ? null : readUserAnswer(input),
);

/** GET /token: the ID token the API accepts as bearer. */
export const tokenAnswerReading = reading((input): { token: string } => ({
  token: textAt(objectAt(input, []).token, ['token'], true),
}));

export interface IdentityRefusal {
  code?: string;
  message?: string;
}

const someText = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * A refusal: `{ code, message }`, though some paths send only a message and a proxy may send
 * a page of its own. Whatever is missing or not text reads as undefined; never fails.
 */
export function readIdentityRefusal(input: unknown): IdentityRefusal {
  if (!isRecord(input)) return {};
  const code = someText(input.code);
  const message = someText(input.message);
  return { ...(code === undefined ? {} : { code }), ...(message === undefined ? {} : { message }) };
}
