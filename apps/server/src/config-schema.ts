// Every environment variable the server reads: its type, its default, and what a bad value is told.
import { z } from 'zod';
import { photoLimits } from '@fj/contract/photos';
import { trustProxySchema } from './lib/trust-proxy.ts';

const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const positiveInt = z.coerce.number().int().positive();

/** For AUTH_SECRET and the generated auth-secret file alike. */
export const minSecretLength = 32;

export const envSchema = z.object({
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
