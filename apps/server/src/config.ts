import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema, minSecretLength } from './config-schema.ts';
import type { Config } from './config-types.ts';

export type { Config } from './config-types.ts';

/** Origins the Capacitor WebView serves the app from (iOS and Android). */
const capacitorOrigins = ['capacitor://localhost', 'https://localhost'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the secret kept in DATA_DIR, creating it on first start so the embedded default needs no set-up. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    // An empty or truncated file would sign every token with a guessable key.
    if (secret.length < minSecretLength)
      throw new ConfigError(
        `Invalid configuration:\n  ${file}: the auth-secret file must hold at least ${minSecretLength} characters (it has ${secret.length}); delete it to have a new one generated, or set AUTH_SECRET`,
      );
    return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The only reader of process.env. Fails with one message that names every bad key,
 * so a self-hoster fixes them all in one go.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Node refuses a header time-out longer than the request time-out.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl,
    acceptAnySameOrigin: e.PUBLIC_URL === undefined,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'sqlite', file: path.join(dataDir, 'journal.db') },
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    minPasswordLength: e.MIN_PASSWORD_LENGTH,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    corsOrigins: [...new Set([publicUrl, ...(e.CORS_ORIGINS ?? capacitorOrigins)])],
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'local', dir: path.join(dataDir, 'photos') },
    photos: { maxUploadBytes: e.MAX_UPLOAD_BYTES, maxPixels: e.MAX_IMAGE_PIXELS },
    importMaxBytes: e.IMPORT_MAX_MB * 1024 * 1024,
    restore: {
      maxBytes: e.RESTORE_MAX_MB * 1024 * 1024,
      maxFiles: e.RESTORE_MAX_FILES,
      maxInflatedBytes: 2 * e.RESTORE_MAX_MB * 1024 * 1024,
    },
    quotas: {
      locationsPerUser: e.QUOTA_LOCATIONS_PER_USER,
      entriesPerLocation: e.QUOTA_ENTRIES_PER_LOCATION,
      photoBytesPerUser: e.QUOTA_PHOTO_BYTES_PER_USER,
      journalBytesPerUser: e.QUOTA_JOURNAL_BYTES_PER_USER,
    },
    locationsCacheBytes: Math.floor(e.LOCATIONS_CACHE_MB * 1024 * 1024),
    rateLimit: { max: e.RATE_LIMIT_MAX, authMax: e.AUTH_RATE_LIMIT_MAX },
    tiles: {
      dir: path.join(dataDir, 'tiles'),
      file: e.MAP_TILES && path.resolve(e.MAP_TILES),
      rateLimitMax: e.TILE_RATE_LIMIT_MAX,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    // Unset: a proxy on the same machine in production, nobody elsewhere.
    trustProxy: e.TRUST_PROXY ?? (e.NODE_ENV === 'production' ? ['loopback'] : false),
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(
      e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'web', 'dist'),
    ),
    client: {
      mapStyleUrl: e.MAP_STYLE_URL,
      satelliteTilesUrl: e.MAP_SATELLITE_TILES_URL,
      topoTilesUrl: e.MAP_TOPO_TILES_URL,
      geocoderUrl: e.GEOCODER_URL,
    },
  };
}
