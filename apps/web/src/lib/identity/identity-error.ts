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
