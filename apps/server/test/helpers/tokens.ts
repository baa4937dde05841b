import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';

/** The key id a real ID token names in its header. */
export function kidOf(token: string): string {
  const { kid } = decodeProtectedHeader(token);
  if (!kid) throw new Error('the token names no key id');
  return kid;
}

/**
 * The claims of a real token (iss, aud, sub, exp…) signed by an Ed25519 key the server never
 * issued: under a key id it does not know, or under the real token's own key id.
 */
export async function tokenFromForeignKey(realToken: string, kid: 'fresh' | 'same') {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return new SignJWT(decodeJwt(realToken))
    .setProtectedHeader({ alg: 'EdDSA', kid: kid === 'same' ? kidOf(realToken) : randomUUID() })
    .sign(privateKey);
}

/** The real token's payload under the header {"alg":"none"} and an empty signature. */
export function unsignedToken(realToken: string): string {
  const [, payload] = realToken.split('.');
  const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
  return `${header}.${payload ?? ''}.`;
}
