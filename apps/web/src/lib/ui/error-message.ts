import { ApiError } from '../api/api-error.ts';
import { NETWORK_ERROR_CODE } from '../identity/auth-http.ts';
import { IdentityError } from '../identity/identity-error.ts';

/** No answer came (no network, the server down, a time-out): the one wording for it. */
export const UNREACHABLE_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

/** A failure with no words of its own meant for people. */
export const GENERAL_FAILURE_MESSAGE = 'Something went wrong. Check your connection and try again.';

/** better-auth's codes in plain words; any other refusal shows the server's own message. */
const identityWords: Record<string, string> = {
  INVALID_PASSWORD: 'That password is not right.',
  PASSWORD_TOO_SHORT: 'The new password is too short.',
  PASSWORD_TOO_LONG: 'The new password is too long.',
};

/**
 * The one error message a form or dialog shows for a failure: the server's own words when it
 * sent some, the unreachable line when no answer came, a general line otherwise.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 0 ? UNREACHABLE_MESSAGE : error.message || GENERAL_FAILURE_MESSAGE;
  }
  if (error instanceof IdentityError) {
    if (error.code === NETWORK_ERROR_CODE) return UNREACHABLE_MESSAGE;
    return identityWords[error.code] ?? (error.message || GENERAL_FAILURE_MESSAGE);
  }
  // The app's own plain errors are written for people ('User not authenticated'); the
  // platform's (a TypeError from fetch, a DOMException) are not.
  if (error instanceof Error && error.name === 'Error' && error.message) return error.message;
  return GENERAL_FAILURE_MESSAGE;
}
