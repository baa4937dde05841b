import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';

/** The ConfigError loadConfig throws for this env, or a failed expectation. */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fj-config-'));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills in the embedded defaults', () => {
    const config = loadConfig({ AUTH_SECRET: secret });
    const dataDir = path.resolve('./data');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.env).toBe('development');
    expect(config.dataDir).toBe(dataDir);
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dataDir, 'journal.db') });
    expect(config.storage).toEqual({ kind: 'local', dir: path.join(dataDir, 'photos') });
    expect(config.mail.outboxDir).toBe(path.join(dataDir, 'outbox'));
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.minPasswordLength).toBe(6);
    expect(config.photos).toEqual({ maxUploadBytes: 25 * 1024 * 1024, maxPixels: 100_000_000 });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining([
        'http://localhost:3000',
        'capacitor://localhost',
        'https://localhost',
      ]),
    );
    expect(config.authSecret).toBe(secret);
    expect(config.locationsCacheBytes).toBe(64 * 1024 * 1024);
  });

  it('takes LOCATIONS_CACHE_MB in megabytes, 0 for no cache', () => {
    const read = (value: string) =>
      loadConfig({ AUTH_SECRET: secret, DATA_DIR: dir, LOCATIONS_CACHE_MB: value })
        .locationsCacheBytes;
    expect(read('8')).toBe(8 * 1024 * 1024);
    expect(read('0.5')).toBe(512 * 1024);
    expect(read('0')).toBe(0);
  });

  it('reads only the env object it is given, not process.env', () => {
    vi.stubEnv('PORT', '4321');
    vi.stubEnv('DATABASE_URL', 'postgres://elsewhere/db');
    const config = loadConfig({ AUTH_SECRET: secret, DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('sqlite');
  });

  it('resolves a relative DATA_DIR and puts the SQLite file in it', () => {
    const config = loadConfig({ AUTH_SECRET: secret, DATA_DIR: 'somewhere/journal-data' });
    expect(config.dataDir).toBe(path.resolve('somewhere/journal-data'));
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(path.resolve('somewhere/journal-data'), 'journal.db'),
    });
  });

  it.each(['postgres://fj@db.internal:5432/journal', 'postgresql://fj@db.internal/journal'])(
    'selects PostgreSQL for DATABASE_URL %s',
    (url) => {
      const config = loadConfig({ AUTH_SECRET: secret, DATA_DIR: dir, DATABASE_URL: url });
      expect(config.database).toEqual({ kind: 'postgres', url });
    },
  );

  it('takes DATABASE_POOL_MAX for PostgreSQL, and refuses one that is not a positive count', () => {
    const url = 'postgres://fj@db.internal/journal';
    const config = loadConfig({
      AUTH_SECRET: secret,
      DATA_DIR: dir,
      DATABASE_URL: url,
      DATABASE_POOL_MAX: '8',
    });
    expect(config.database).toEqual({ kind: 'postgres', url, poolMax: 8 });
    expect(() =>
      loadConfig({ AUTH_SECRET: secret, DATA_DIR: dir, DATABASE_URL: url, DATABASE_POOL_MAX: '0' }),
    ).toThrow(/DATABASE_POOL_MAX/);
  });

  describe('REDIS_URL', () => {
    it('is off unless set', () => {
      expect(loadConfig({ AUTH_SECRET: secret, DATA_DIR: dir }).redis).toBeUndefined();
    });

    it('takes a redis:// or rediss:// URL with the key prefix, fj: unless set', () => {
      const plain = loadConfig({ AUTH_SECRET: secret, DATA_DIR: dir, REDIS_URL: 'redis://r:6379' });
      expect(plain.redis).toEqual({ url: 'redis://r:6379', prefix: 'fj:' });
      const tls = loadConfig({
        AUTH_SECRET: secret,
        DATA_DIR: dir,
        REDIS_URL: 'rediss://:pw@r.example.org:6380/2',
        REDIS_PREFIX: 'journal-eu:',
      });
      expect(tls.redis).toEqual({
        url: 'rediss://:pw@r.example.org:6380/2',
        prefix: 'journal-eu:',
      });
    });

    it.each([
      ['REDIS_URL', 'http://r:6379'],
      ['REDIS_URL', 'r:6379'],
      ['REDIS_PREFIX', 'has space'],
      ['REDIS_PREFIX', ''],
    ])('refuses %s=%j, naming it', (key, value) => {
      expect(() =>
        loadConfig({
          AUTH_SECRET: secret,
          DATA_DIR: dir,
          REDIS_URL: 'redis://r:6379',
          [key]: value,
        }),
      ).toThrow(new RegExp(`${key}:`));
    });
  });

  it('takes PUBLIC_URL without its trailing slash and CORS_ORIGINS as a list', () => {
    const config = loadConfig({
      AUTH_SECRET: secret,
      DATA_DIR: dir,
      PUBLIC_URL: 'https://journal.example.org/',
      CORS_ORIGINS: 'https://a.example.org, https://b.example.org,',
    });
    expect(config.publicUrl).toBe('https://journal.example.org');
    expect(config.corsOrigins).toEqual([
      'https://journal.example.org',
      'https://a.example.org',
      'https://b.example.org',
    ]);
  });

  describe('AUTH_SECRET', () => {
    it('is generated into DATA_DIR/auth-secret (mode 0600) on first load, and kept', () => {
      const dataDir = path.join(dir, 'not-yet-made');
      const first = loadConfig({ DATA_DIR: dataDir });
      const file = path.join(dataDir, 'auth-secret');
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
      expect(first.authSecret.length).toBeGreaterThanOrEqual(32);

      const second = loadConfig({ DATA_DIR: dataDir });
      expect(second.authSecret).toBe(first.authSecret);

      const elsewhere = loadConfig({ DATA_DIR: path.join(dir, 'another') });
      expect(elsewhere.authSecret).not.toBe(first.authSecret);
    });

    it('is taken from the env when set, and then nothing is written', () => {
      const config = loadConfig({ DATA_DIR: dir, AUTH_SECRET: secret });
      expect(config.authSecret).toBe(secret);
      expect(existsSync(path.join(dir, 'auth-secret'))).toBe(false);
    });

    it('must be long enough when set', () => {
      const error = configErrorFor({ DATA_DIR: dir, AUTH_SECRET: 'short' });
      expect(error.message).toContain('AUTH_SECRET');
    });
  });

  it('fails once, naming every bad key, and writes nothing', () => {
    const error = configErrorFor({
      DATA_DIR: dir,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db.internal/journal',
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toMatch(/^\s+PORT: /m);
    expect(error.message).toMatch(/^\s+DATABASE_URL: must be a postgres:\/\/ URL/m);
    expect(existsSync(path.join(dir, 'auth-secret'))).toBe(false);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['MIN_PASSWORD_LENGTH', '0'],
    ['MAX_UPLOAD_BYTES', 'lots'],
    ['SMTP_URL', 'http://mail.example.org'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'chatty'],
    ['LOCATIONS_CACHE_MB', '-1'],
    ['LOCATIONS_CACHE_MB', 'plenty'],
  ])('refuses %s=%s', (key, value) => {
    const error = configErrorFor({ DATA_DIR: dir, AUTH_SECRET: secret, [key]: value });
    expect(error.message).toContain(`${key}: `);
  });
});
