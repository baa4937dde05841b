import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { badField, errorBody } from '../errors.ts';
import { localHostCheck } from '../lib/local-hosts.ts';
import { createWindowCounts } from '../lib/window-counts.ts';
import { rateLimitStoreOn } from './rate-limit-store.ts';

const contentSecurityPolicy = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  // Map tiles, styles and the geocoder live on other hosts, all configurable.
  "img-src 'self' data: blob: https:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // The docs page (swagger-ui) needs inline styles; nothing needs inline scripts.
  "style-src 'self' 'unsafe-inline' https:",
  "connect-src 'self' https:",
  // The offline shell: the service worker (sw.js, from this origin) and the install manifest.
  "manifest-src 'self'",
  "worker-src 'self' blob:",
  "child-src 'self' blob:",
].join(';');

/**
 * The security headers of every answer: helmet's defaults (with the policy above, and without
 * Cross-Origin-Embedder-Policy, which would block the map tiles), written out once. None of them
 * depends on the request, so one hook copies them instead of running helmet per request, which
 * took a small answer from 0.93 to 0.36 of a bare node:http server's throughput.
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Spends one request of the client's budget, or throws the 429: for the conditional reads
     * that spend it in their handler, once they know they answer more than a 304
     * (`budgetAfterConditional`).
     */
    spendBudget: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Whether the server answers a request for this host (`request.host`): with PUBLIC_URL unset,
     * only this machine's names and addresses; with it set, any. The answers written before
     * Fastify ask it too (fast-reads/).
     */
    hostAllowed: (host: string) => boolean;
  }
}

/**
 * With PUBLIC_URL unset, a request for a host that is not this machine is refused before
 * anything else runs: a page on another name pointed at this server by DNS rebinding would
 * otherwise be same-origin with it (docs/behaviour.md#origins).
 */
function refuseForeignHosts(app: FastifyInstance, config: Config): void {
  if (!config.acceptAnySameOrigin) {
    app.decorate('hostAllowed', () => true);
    return;
  }
  const hostAllowed = localHostCheck();
  app.decorate('hostAllowed', hostAllowed);
  const refusal = 'not a name or address of this server (set PUBLIC_URL to serve another)';
  app.addHook('onRequest', (request, _reply, done) => {
    done(hostAllowed(request.host) ? undefined : badField('host', refusal));
  });
}

/**
 * The whole-list reads, which spend the request budget only when they answer a body: a 304 costs
 * about what the limiter itself costs, so a 429 would save nothing, and the 304s answered before
 * Fastify (fast-reads/) could not spend it the same way. A client that asks with a stale ETag
 * or none spends it as on every other journal route.
 */
export const budgetAfterConditional: ReadonlySet<string> = new Set([
  '/api/v1/locations',
  '/api/v1/sync',
]);

/** CORS, shared with the answers written before Fastify (fast-reads/). */
export const corsOptions = {
  credentials: true,
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  // The native app reads these across origins: its session token, and what conditional
  // reads and sync continue from (docs/behaviour.md#conditional-reads).
  exposedHeaders: ['set-auth-token', 'set-auth-jwt', 'etag', 'sync-cursor'],
  maxAge: 600,
};

/**
 * What @fastify/cors adds to an answer to a request without an `Origin` header (a same-origin
 * read, the native app's): the allowed origins are a list, so `Vary: Origin`, and the
 * credentials and exposed headers. A request with `Origin` is left to @fastify/cors.
 */
export const corsHeadersWithoutOrigin: Readonly<Record<string, string>> = {
  vary: 'Origin',
  'access-control-allow-credentials': 'true',
  'access-control-expose-headers': corsOptions.exposedHeaders.join(', '),
};

/**
 * Routes the per-client request budget leaves alone, besides those that say so themselves
 * (`config: { rateLimit: false }`, as /api/health): answers that cost about what the limiter
 * itself costs, so a 429 would save nothing. These are the files of the web build (a page load
 * asks for many at once), the client configuration, the API docs, and reading the preferences
 * (one row by primary key). Everything else keeps the budget: /api/auth (better-auth adds its
 * own stricter limit on sign-in, sign-up and resets), the reset page, photo files, and the
 * journal routes that query or write the database. The map tiles (`/api/tiles/…`) declare a
 * budget of their own (TILE_RATE_LIMIT_MAX): a route's own `config.rateLimit` is counted apart,
 * so panning a map spends none of the API's.
 */
function guardedByBudget(route: RouteOptions): boolean {
  const url = route.url;
  const methods = [route.method].flat();
  const onlyReads = methods.every((method) => method === 'GET' || method === 'HEAD');
  if (!onlyReads) return true;
  if (url === '/api/v1/preferences' || url === '/api/config' || url.startsWith('/api/docs'))
    return false;
  if (budgetAfterConditional.has(url)) return false;
  const isWebBuildFile = !url.startsWith('/api/') && !url.startsWith('/reset-password');
  return !isWebBuildFile;
}

/** Headers, CORS for the web and Capacitor origins, and a per-client request budget. */
export default fp(
  async (app, opts: { config: Config }) => {
    const { config } = opts;
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });
    refuseForeignHosts(app, config);
    await app.register(cors, { origin: config.corsOrigins, ...corsOptions });
    // Runs before the rate limit's own onRoute hook, which reads config.rateLimit.
    app.addHook('onRoute', (route) => {
      if (!guardedByBudget(route)) route.config = { ...route.config, rateLimit: false };
    });
    await app.register(rateLimit, {
      max: config.rateLimit.max,
      timeWindow: '1 minute',
      // Several servers count each client together in Redis (REDIS_URL), the tiles' budget too.
      // While Redis cannot answer in time each server counts alone: the outage is logged once by
      // plugins/redis.ts.
      ...(app.redis ? { store: rateLimitStoreOn(createWindowCounts(app.redis, 'rate:')) } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        ...errorBody(
          'RATE_LIMITED',
          `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
        ),
      }),
    });
    const budget = app.rateLimit();
    app.decorate('spendBudget', async (request: FastifyRequest, reply: FastifyReply) => {
      await budget.call(app, request, reply);
    });
  },
  { name: 'security', dependencies: ['redis'] },
);
