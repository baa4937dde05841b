import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import * as jose from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier } from '../src/auth/token-verifier.ts';

// jose as it is, with its verification counted: a remembered token must not reach it.
vi.mock('jose', async (importOriginal) => {
  const real = await importOriginal<typeof jose>();
  return { ...real, jwtVerify: vi.fn(real.jwtVerify) };
});

const issuer = 'https://journal.example';
const kid = 'key-1';

describe('the token verifier', () => {
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let jwks: JSONWebKeySet;
  const revoked = new Set<string>();

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    privateKey = pair.privateKey;
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: 'EdDSA' }] };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(jose.jwtVerify).mockClear();
    revoked.clear();
  });

  const verifier = (cacheSize?: number) =>
    createTokenVerifier({
      issuer,
      audience: issuer,
      loadJwks: async () => jwks,
      isRevoked: (sessionId) => revoked.has(sessionId),
      cacheSize,
    });

  /** An ID token as the server issues them: one hour, naming its user and session. */
  const token = (sub: string, sid = `session-of-${sub}`) =>
    new SignJWT({ sid })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience(issuer)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);

  it('checks the signature of a token once, then remembers it', async () => {
    const tokens = verifier();
    const idToken = await token('ada');
    for (let i = 0; i < 5; i++) expect(await tokens.verify(idToken)).toBe('ada');
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token from the second it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = verifier();
    const idToken = await token('ada');
    const expiresAt = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString())
      .exp as number;
    expect(await tokens.verify(idToken)).toBe('ada');
    vi.setSystemTime(expiresAt * 1000 - 1);
    expect(await tokens.verify(idToken)).toBe('ada');
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(expiresAt * 1000);
    expect(await tokens.verify(idToken)).toBeNull();
    vi.setSystemTime(expiresAt * 1000 + 60_000);
    expect(await tokens.verify(idToken)).toBeNull();
  });

  it('refuses a remembered token as soon as its session is revoked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = verifier();
    const idToken = await token('ada', 'phone');
    const other = await token('ada', 'laptop');
    expect(await tokens.verify(idToken)).toBe('ada');
    expect(await tokens.verify(other)).toBe('ada');
    revoked.add('phone');
    // No time passes: the very next request is refused, the other session is not.
    expect(await tokens.verify(idToken)).toBeNull();
    expect(await tokens.verify(other)).toBe('ada');
    vi.setSystemTime(Date.now() + 30 * 60_000);
    expect(await tokens.verify(idToken)).toBeNull();
  });

  it('answers per connection as it does without one: another token, a revocation, the expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = verifier();
    const [phone, laptop, unseen] = await Promise.all([
      token('ada', 'phone'),
      token('bob', 'laptop'),
      token('cyd'),
    ]);
    const connection = {};
    // As the server calls it: an Authorization header, read by the same rule each time.
    const on = (over: object, idToken: string) =>
      tokens.rememberedOn(over, `Bearer ${idToken}`, (header) => header.slice('Bearer '.length));
    // Never verified: nothing to remember, on a connection or not.
    expect(on(connection, phone)).toBeUndefined();
    expect(await tokens.verify(phone)).toBe('ada');
    expect(await tokens.verify(laptop)).toBe('bob');
    for (let i = 0; i < 2; i++) expect(on(connection, phone)).toBe('ada');
    // Another token over the same connection is its own: its user, or nothing known.
    expect(on(connection, laptop)).toBe('bob');
    expect(on(connection, unseen)).toBeUndefined();
    expect(tokens.rememberedOn(connection, 'Basic YWRhOg==', () => undefined)).toBeNull();
    expect(on(connection, phone)).toBe('ada');
    // Revoked: refused at once, on the connection that sent it last and on any other.
    revoked.add('phone');
    expect(on(connection, phone)).toBeNull();
    expect(on({}, phone)).toBeNull();
    expect(on(connection, laptop)).toBe('bob');
    // Expired: forgotten from the second of its exp (jose would refuse it too).
    const expiresAt = JSON.parse(Buffer.from(laptop.split('.')[1] ?? '', 'base64url').toString())
      .exp as number;
    vi.setSystemTime(expiresAt * 1000 - 1);
    expect(on(connection, laptop)).toBe('bob');
    vi.setSystemTime(expiresAt * 1000);
    expect(on(connection, laptop)).toBeUndefined();
    expect(tokens.remembered(laptop)).toBeUndefined();
    expect(jose.jwtVerify).toHaveBeenCalledTimes(2);
  });

  it('does not remember what it refused, nor more tokens than its size', async () => {
    const tokens = verifier(2);
    const real = await token('ada');
    const [header, payload] = real.split('.');
    const forged = `${header}.${payload}.${Buffer.alloc(64).toString('base64url')}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    expect(jose.jwtVerify).toHaveBeenCalledTimes(2);

    vi.mocked(jose.jwtVerify).mockClear();
    const [a, b, c] = await Promise.all([token('a'), token('b'), token('c')]);
    for (const t of [a, b, c, a]) await tokens.verify(t);
    // a was pushed out by c, so it was checked again.
    expect(jose.jwtVerify).toHaveBeenCalledTimes(4);
    expect(await tokens.verify(c)).toBe('c');
    expect(jose.jwtVerify).toHaveBeenCalledTimes(4);
  });
});
