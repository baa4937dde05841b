import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { createIdentity, idTokenLifetimeMs, type Identity } from '../auth/identity.ts';
import {
  createInProcessBroadcaster,
  type RevocationBroadcaster,
} from '../auth/revocation/broadcaster.ts';
import {
  createSessionRevocations,
  type SessionRevocations,
} from '../auth/revocation/session-revocations.ts';
import { createRedisBroadcaster } from '../auth/revocation/redis-broadcaster.ts';
import { createRateLimitStorage } from '../auth/rate-limit-storage.ts';
import { createResetMailCap } from '../auth/throttle/reset-mail-cap.ts';
import { outcomeOf, signInEmailOf, throttledAnswer } from '../auth/throttle/sign-in-guard.ts';
import { createSignInThrottle } from '../auth/throttle/sign-in-throttle.ts';
import { createRedisThrottleStore } from '../auth/throttle/redis-throttle-store.ts';
import { createMemoryThrottleStore, type ThrottleStore } from '../auth/throttle/throttle-store.ts';
import { createTokenVerifier } from '../auth/token-verifier.ts';
import { AppError } from '../errors.ts';
import { runPeriodically } from '../lib/periodic-task.ts';
import type { Mail } from './mail.ts';

/** While Redis is degraded, how often the ended sessions are read from the database. */
const revocationReloadMs = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
    /** Ended sessions whose ID tokens are refused, kept in memory. */
    sessionRevocations: SessionRevocations;
    /** onRequest hook for /api/v1: a valid ID token, or 401. Sets request.userId. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * The user of an Authorization header whose ID token was verified before and is still
     * remembered (no signature work; expiry and revocation checked as `authenticate` does):
     * undefined when `authenticate` would have to verify it, null when it would refuse it.
     * `connection` (the socket it came over) lets the header that connection sent last be
     * recognised without reading and hashing its token again.
     */
    rememberedUser: (
      authorization: string | undefined,
      connection?: object,
    ) => string | null | undefined;
  }
  interface FastifyRequest {
    userId: string;
  }
}

/**
 * The origin this request reached us at (honouring trustProxy for scheme and host), or the
 * fallback when the Host header is missing or not a valid host.
 */
function requestOrigin(request: FastifyRequest, fallback: string): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return fallback;
  }
}

/** The token of `Authorization: Bearer <token>`, if that is what the header says. */
function bearerToken(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

function toFetchRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-forwarded-for' || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Fastify has already resolved the client address (honouring trustProxy); pass only that on.
  headers.set('x-forwarded-for', request.ip);
  const hasBody =
    request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

async function sendFetchResponse(response: Response, reply: FastifyReply): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

export interface AuthPluginOptions {
  config: Config;
  /** Removes what the database does not: the photo files of a deleted account. */
  accountDeletion: {
    beforeDelete(userId: string): Promise<void>;
    afterDelete(userId: string): Promise<void>;
  };
  /** The password-reset mail to `to` carrying `link` (modules/reset-password/mail.ts). */
  resetPasswordMail: (to: string, link: string) => Mail;
  /** Redis's when REDIS_URL is set, else in-process; tests may give one to share between apps. */
  revocationBroadcaster?: RevocationBroadcaster;
  /** Redis's when REDIS_URL is set, else in memory: several servers count guesses together. */
  throttleStore?: ThrottleStore;
}

export default fp(
  async (app, opts: AuthPluginOptions) => {
    const { config } = opts;
    const revocations = createSessionRevocations({
      db: app.db,
      broadcaster:
        opts.revocationBroadcaster ??
        (app.redis ? createRedisBroadcaster(app.redis) : createInProcessBroadcaster()),
      tokenLifetimeMs: idTokenLifetimeMs,
      onPersistError: (error) => app.log.error({ err: error }, 'could not store a revocation'),
    });
    await revocations.start();
    // Sign-outs on other servers while Redis was away reached the table, not this server: read
    // it every second while Redis is degraded, and once more when it answers again.
    const reloadFailed = (error: unknown) =>
      app.log.error({ err: error }, 'could not reload revocations');
    const redis = app.redis;
    redis?.onReconnect(() => void revocations.reload().catch(reloadFailed));
    const readWhileDegraded = redis
      ? runPeriodically(
          async () => (redis.degraded ? revocations.reload() : undefined),
          revocationReloadMs,
          reloadFailed,
        )
      : undefined;
    app.addHook('onClose', async () => {
      await readWhileDegraded?.stop();
      revocations.stop();
    });
    app.decorate('sessionRevocations', revocations);
    const throttleStore =
      opts.throttleStore ??
      (app.redis ? createRedisThrottleStore(app.redis) : createMemoryThrottleStore());
    const signInThrottle = createSignInThrottle(throttleStore);
    const resetMailCap = createResetMailCap(throttleStore);
    const identity = createIdentity({
      config,
      db: app.db,
      dialect: app.dialect,
      beforeDeleteUser: (userId) => opts.accountDeletion.beforeDelete(userId),
      afterDeleteUser: (userId) => opts.accountDeletion.afterDelete(userId),
      sessionEnded: (sessionId) => revocations.revoke([sessionId]),
      allowResetMail: (email) => resetMailCap.allow(email),
      rateLimitStorage: createRateLimitStorage(app.redis),
      log: (level, message, details) => app.log[level]({ details }, `identity: ${message}`),
      sendPasswordReset: async (email, link) => {
        await app.mailer.send(opts.resetPasswordMail(email, link));
        if (!config.mail.smtpUrl)
          app.log.info(
            { email, link },
            'password reset link (no SMTP_URL: mail kept in the outbox)',
          );
      },
    });
    app.decorate('identity', identity);

    const verifier = createTokenVerifier({
      issuer: config.publicUrl,
      audience: config.publicUrl,
      loadJwks: () => identity.api.getJwks(),
      isRevoked: (sessionId) => revocations.isRevoked(sessionId),
    });
    app.decorateRequest('userId', '');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const userId = token ? await verifier.verify(token) : null;
      if (!userId) throw new AppError('UNAUTHORIZED', 'A valid ID token is required');
      request.userId = userId;
    });
    app.decorate('rememberedUser', (authorization: string | undefined, connection?: object) => {
      if (connection && authorization)
        return verifier.rememberedOn(connection, authorization, bearerToken);
      const token = bearerToken(authorization);
      return token ? verifier.remembered(token) : null;
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const email = signInEmailOf(request.method, request.url, request.body);
        const attempt = email === null ? null : await signInThrottle.begin(email);
        if (attempt && !attempt.allowed) {
          await sendFetchResponse(throttledAnswer(attempt.retryAfterSeconds), reply);
          return;
        }
        let response: Response;
        try {
          response = await identity.handler(
            toFetchRequest(request, requestOrigin(request, config.publicUrl)),
          );
        } catch (error) {
          await attempt?.settle('untested');
          throw error;
        }
        await attempt?.settle(outcomeOf(response.status));
        await sendFetchResponse(response, reply);
      },
    });
  },
  { name: 'auth', dependencies: ['db', 'mail', 'redis'] },
);
