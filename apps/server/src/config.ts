import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { photoLimits } from '@fj/contract/photos';
import { trustProxySchema, type TrustProxy } from './lib/trust-proxy.ts';
import type { DatabaseConfig } from './db/connect.ts';
import type { TimeoutSettings } from './lib/server-timeouts.ts';

/** Origins the Capacitor WebView serves the app from (iOS and Android). */
const capacitorOrigins = ['capacitor://localhost', 'https://localhost'];

const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const positiveInt = z.coerce.number().int().positive();

/** For AUTH_SECRET and the generated auth-secret file alike. */
const minSecretLength = 32;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for SQLite)')
    .optional(),
  DATABASE_POOL_MAX: positiveInt.optional(),
  AUTH_SECRET: z
    .string()
    .min(minSecretLength, `must be at least ${minSecretLength} characters`)
    .optional(),
  MIN_PASSWORD_LENGTH: positiveInt.default(6),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Foraging Journal <no-reply@localhost>'),
  CORS_ORIGINS: csv.optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  MAX_UPLOAD_BYTES: positiveInt.default(photoLimits.maxUploadBytes),
  MAX_IMAGE_PIXELS: positiveInt.default(photoLimits.maxPixels),
  IMPORT_MAX_MB: positiveInt.default(20),
  RESTORE_MAX_MB: positiveInt.default(2048),
  RESTORE_MAX_FILES: positiveInt.default(100_000),
  QUOTA_LOCATIONS_PER_USER: positiveInt.default(20_000),
  QUOTA_ENTRIES_PER_LOCATION: positiveInt.default(10_000),
  QUOTA_PHOTO_BYTES_PER_USER: positiveInt.default(5_000_000_000),
  QUOTA_JOURNAL_BYTES_PER_USER: positiveInt.default(50_000_000),
  LOCATIONS_CACHE_MB: z.coerce.number().min(0).default(64),
  RATE_LIMIT_MAX: positiveInt.default(300),
  TILE_RATE_LIMIT_MAX: positiveInt.default(3_000),
  MAP_TILES: z
    .string()
    .regex(/\.(pmtiles|mbtiles)$/i, 'must name a .pmtiles or .mbtiles file')
    .optional(),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL (leave unset for one server)')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, or _ : . -')
    .default('fj:'),
  TRUST_PROXY: trustProxySchema.optional(),
  REQUEST_TIMEOUT_MS: positiveInt.default(300_000),
  HEADERS_TIMEOUT_MS: positiveInt.default(20_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(10_000),
  IDLE_TIMEOUT_MS: positiveInt.default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  MAP_STYLE_URL: z.url().default('https://tiles.openfreemap.org/styles/liberty'),
  GEOCODER_URL: z.url().default('https://photon.komoot.io/api'),
  MAP_SATELLITE_TILES_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}/, 'must be an http(s) tile URL with {z}, {x} and {y}')
    .default(
      'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    ),
  MAP_TOPO_TILES_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}/, 'must be an http(s) tile URL with {z}, {x} and {y}')
    .default('https://tile.opentopomap.org/{z}/{x}/{y}.png'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /**
   * True when PUBLIC_URL is unset: the server then accepts sign-in from whatever address it is
   * reached at (127.0.0.1, a LAN address from a phone), as long as the page is same-origin.
   * An explicit PUBLIC_URL keeps the trusted origins strict, as a hosted instance wants.
   */
  acceptAnySameOrigin: boolean;
  /** poolMax: PostgreSQL connections this server opens at most (DATABASE_POOL_MAX, 20 unset). */
  database: DatabaseConfig;
  authSecret: string;
  minPasswordLength: number;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  corsOrigins: string[];
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  photos: { maxUploadBytes: number; maxPixels: number };
  /** Largest file POST /import reads (IMPORT_MAX_MB); a bigger one is refused with 413. */
  importMaxBytes: number;
  /**
   * Restoring an account's backup ZIP (POST /import): the upload's size (RESTORE_MAX_MB, written
   * to a temporary file, never held in memory), the files it may list (RESTORE_MAX_FILES), and
   * what they may inflate to in all (twice the upload: photos are stored, the journal deflated).
   */
  restore: { maxBytes: number; maxFiles: number; maxInflatedBytes: number };
  /** What one account may store; past it a write answers QUOTA_EXCEEDED and changes nothing. */
  quotas: {
    locationsPerUser: number;
    entriesPerLocation: number;
    photoBytesPerUser: number;
    /** The text of the user's locations and entries (journal-quota/measure.ts). */
    journalBytesPerUser: number;
  };
  /** Bytes of serialized GET /locations answers kept in memory (LOCATIONS_CACHE_MB); 0 keeps none. */
  locationsCacheBytes: number;
  rateLimit: { max: number; authMax: number };
  /**
   * Base-map tiles served from local files: every .pmtiles/.mbtiles in `dir` (DATA_DIR/tiles)
   * and `file` (MAP_TILES), each with its own per-client budget of `rateLimitMax` a minute.
   */
  tiles: { dir: string; file?: string; rateLimitMax: number };
  /**
   * Shared by every server when set (REDIS_URL): the rate limits' counts, revocations and list
   * cache invalidations. Every key and channel starts with `prefix`, so one Redis can serve
   * several installs (and parallel tests).
   */
  redis?: { url: string; prefix: string };
  /** Who may set X-Forwarded-For: request.ip (and so every rate limit) follows it. */
  trustProxy: TrustProxy;
  /** A slow or idle client lets go of its connection after these (milliseconds). */
  timeouts: TimeoutSettings;
  logLevel: string;
  webDistDir: string;
  client: {
    mapStyleUrl: string;
    satelliteTilesUrl: string;
    topoTilesUrl: string;
    geocoderUrl: string;
  };
}

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
