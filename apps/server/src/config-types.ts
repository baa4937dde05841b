// The settings every part of the server receives: loadConfig (config.ts) builds them from the environment.
import type { DatabaseConfig } from './db/connect.ts';
import type { TimeoutSettings } from './lib/server-timeouts.ts';
import type { TrustProxy } from './lib/trust-proxy.ts';

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
