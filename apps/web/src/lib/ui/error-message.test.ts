import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { IdentityError } from '../identity/identity-error.ts';
import { errorMessage } from './error-message.ts';

const unreachable = 'Could not reach the server. Check your connection and try again.';
const general = 'Something went wrong. Check your connection and try again.';

describe('errorMessage', () => {
  it.each([
    ['an API call that got no answer', new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch')],
    ['an API call that timed out', new ApiError(0, 'TIMEOUT', 'Request timed out')],
    [
      'an identity call that got no answer',
      new IdentityError('auth/network-request-failed', 'Failed to fetch'),
    ],
  ])('says the server is unreachable for %s', (_what, error) => {
    expect(errorMessage(error)).toBe(unreachable);
  });

  it("shows the server's own words for a refusal", () => {
    expect(errorMessage(new ApiError(400, 'VALIDATION_FAILED', 'name: too long'))).toBe(
      'name: too long',
    );
    expect(
      errorMessage(new IdentityError('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')),
    ).toBe('Invalid email or password');
  });

  it("puts better-auth's password codes in plain words", () => {
    expect(errorMessage(new IdentityError('INVALID_PASSWORD', 'Invalid password'))).toBe(
      'That password is not right.',
    );
    expect(errorMessage(new IdentityError('PASSWORD_TOO_SHORT', 'Password too short'))).toBe(
      'The new password is too short.',
    );
  });

  it("shows the app's own errors, but not the platform's", () => {
    expect(errorMessage(new Error('User not authenticated'))).toBe('User not authenticated');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(general);
    expect(errorMessage('boom')).toBe(general);
    expect(errorMessage(new ApiError(500, 'INTERNAL', ''))).toBe(general);
  });
});
