import { NETWORK_ERROR_CODE } from '../../lib/identity/auth-http.ts';
import { IdentityError } from '../../lib/identity/identity-error.ts';

/** better-auth's codes in plain words; anything else shows the server's own message. */
const known: Record<string, string> = {
  INVALID_PASSWORD: 'That password is not right.',
  PASSWORD_TOO_SHORT: 'The new password is too short.',
  PASSWORD_TOO_LONG: 'The new password is too long.',
  [NETWORK_ERROR_CODE]: 'The server cannot be reached. Check your connection and try again.',
};

export function errorText(error: unknown): string {
  if (error instanceof IdentityError) return known[error.code] ?? error.message;
  return 'Something went wrong. Please try again.';
}
