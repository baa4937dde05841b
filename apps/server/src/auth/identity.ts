import { betterAuth } from 'better-auth';
import { bearer, jwt } from 'better-auth/plugins';
import type { Config } from '../config.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Db } from '../db/executor.ts';
import { scopeIdentityCalls } from './identity-async-context.ts';
import { idTokenPayload, requestHooks } from './identity-hooks.ts';
import type { RateLimitStorage } from './rate-limit-storage.ts';

export interface IdentityDeps {
  config: Config;
  db: Db;
  dialect: DialectName;
  sendPasswordReset: (email: string, link: string) => Promise<void>;
  /** Account deletion: the database cascades; photo files need a word before and after. */
  beforeDeleteUser: (userId: string) => Promise<void>;
  afterDeleteUser: (userId: string) => Promise<void>;
  /** A session ended (sign-out, password change or reset, deletion): its ID tokens must stop. */
  sessionEnded: (sessionId: string) => Promise<void>;
  /** Counts a reset mail to this recipient; false when the hourly cap is reached. */
  allowResetMail: (email: string) => Promise<boolean>;
  /** Where the per-client limits count: this app's memory, or Redis shared by several servers. */
  rateLimitStorage: RateLimitStorage;
  /** better-auth's messages go to our own log, so LOG_LEVEL governs them too. */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, details: unknown[]) => void;
}

/** ID tokens live one hour; the web client keeps them 50 minutes (docs/behaviour.md#constants). */
export const idTokenLifetime = '1h';
/** The same hour in milliseconds: how long a revoked session must be remembered. */
export const idTokenLifetimeMs = 60 * 60 * 1000;

/** better-auth's own default, named so the reset page can tell the user before it refuses. */
export const maxPasswordLength = 128;

export function createIdentity(deps: IdentityDeps) {
  const { config, db, dialect, sendPasswordReset, log } = deps;
  const authWindow = 60;
  const authLimit = { window: authWindow, max: config.rateLimit.authMax };
  const identity = betterAuth({
    appName: 'Foraging Journal',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db, type: dialect },
    // The fetch Request handed to better-auth carries the address the client reached us at
    // (plugins/auth.ts), so "same origin" is the page's Origin equal to that address.
    trustedOrigins: config.acceptAnySameOrigin
      ? (request) => [...config.corsOrigins, request ? new URL(request.url).origin : null]
      : config.corsOrigins,
    telemetry: { enabled: false },
    logger: {
      level: 'debug',
      log: (level, message, ...details: unknown[]) => log(level, message, details),
    },
    hooks: { before: requestHooks },
    // Every way a session ends goes through here: sign-out, revocation, a reset, a deletion.
    databaseHooks: { session: { delete: { after: (session) => deps.sessionEnded(session.id) } } },
    user: {
      // Deleting an account asks for the password again (POST /api/auth/delete-user).
      deleteUser: {
        enabled: true,
        beforeDelete: (user) => deps.beforeDeleteUser(user.id),
        afterDelete: (user) => deps.afterDeleteUser(user.id),
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.minPasswordLength,
      maxPasswordLength,
      // As Firebase, the seed's provider, does: a reset signs out every other device.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The link opens our own server-rendered page rather than a redirect dance through the API.
      sendResetPassword: async ({ user, token }) => {
        // Over the cap nothing is sent, and the answer does not change: it tells nobody anything.
        if (!(await deps.allowResetMail(user.email))) {
          log('warn', 'password reset mail not sent: hourly cap for this recipient', [
            { userId: user.id },
          ]);
          return;
        }
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await sendPasswordReset(user.email, link);
      },
    },
    // Off outside production unless enabled: we want it everywhere.
    rateLimit: {
      enabled: true,
      window: 60,
      // Session reads and ID-token fetches get the API's per-client budget (RATE_LIMIT_MAX), never
      // less than better-auth's own 100 a minute, which alone starves a household behind one address.
      max: Math.max(config.rateLimit.max, 100),
      // Counted per app, in Redis with REDIS_URL (auth/rate-limit-storage.ts).
      customStorage: deps.rateLimitStorage,
      customRules: {
        '/sign-in/email': authLimit,
        '/sign-up/email': authLimit,
        '/request-password-reset': authLimit,
        '/reset-password': authLimit,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // better-auth skips its origin check when NODE_ENV is test; our tests check the real thing.
      disableOriginCheck: false,
    },
    plugins: [
      jwt({
        jwt: {
          expirationTime: idTokenLifetime,
          issuer: config.publicUrl,
          audience: config.publicUrl,
          definePayload: idTokenPayload,
        },
      }),
      bearer(),
    ],
  });
  // Its async-local storages on only while a call of it runs (identity-async-context.ts).
  return scopeIdentityCalls(identity);
}

export type Identity = ReturnType<typeof createIdentity>;
