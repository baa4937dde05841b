// The server's identity answers read into an IdentityUser, or refused as an IdentityError.
import { sessionAnswerReading, userAnswerReading, type UserAnswer } from '@fj/contract/identity';
import { readIdentityAnswer } from './identity-error.ts';
import type { IdentityUser } from './identity.ts';

function toUser(answer: UserAnswer): IdentityUser {
  const { id, email = '', name = '' } = answer.user;
  return { uid: id, email, name };
}

export const readUser = (body: unknown) => toUser(readIdentityAnswer(userAnswerReading, body));

export function readSession(body: unknown): IdentityUser | null {
  const session = readIdentityAnswer(sessionAnswerReading, body);
  return session ? toUser(session) : null;
}
