import { MIN_PASSWORD_LENGTH } from '../../lib/identity/account.ts';

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/** The first problem with the form, or null when it may go to the server. */
export function passwordProblem({ current, next, confirm }: PasswordChange): string | null {
  if (!current) return 'Enter your current password.';
  if (next.length < MIN_PASSWORD_LENGTH)
    return `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (next !== confirm) return 'The two new passwords do not match.';
  if (next === current) return 'The new password is the same as the current one.';
  return null;
}
