// URLs and bodies carry tokens and signatures: these rules keep them out of every log line.

/** Query parameters whose value opens something: reset tokens, photo URL signatures, codes. */
const secretParams =
  /^(token|sig|signature|code|password|secret|key|otp|access_token|id_token|refresh_token)$/i;

export const redacted = '[redacted]';

function decodedName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * A request URL fit for the log: the values of secret query parameters, and better-auth's
 * reset token in the path (/api/auth/reset-password/:token), are replaced.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const pathPart = mark < 0 ? url : url.slice(0, mark);
  const path = pathPart.replace(/(\/reset-password\/)[^/?]+/i, `$1${redacted}`);
  if (mark < 0) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) =>
      secretParams.test(decodedName(pair)) ? `${pair.split('=', 1)[0]}=${redacted}` : pair,
    )
    .join('&');
  return `${path}?${query}`;
}

/**
 * Headers and body fields that carry credentials, wherever they show up: @fastify/multipart,
 * for one, logs its busboy options with the request headers at trace level.
 */
const credentialHeaders = [
  'authorization',
  'cookie',
  '"set-cookie"',
  '"set-auth-token"',
  '"set-auth-jwt"',
];
export const redactPaths = [
  ...credentialHeaders.flatMap((name) => [`headers[${name}]`, `*.headers[${name}]`]),
  ...['password', 'newPassword', 'currentPassword', 'token', 'idToken', 'sessionToken'].map(
    (field) => `*.${field}`,
  ),
];
