import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';

function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fj-config-security-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the auth-secret file', () => {
  it.each([
    ['empty', ''],
    ['blank', '   \n'],
    ['31 characters', 'x'.repeat(31)],
  ])('stops start-up when it is %s, naming the file', (_name, content) => {
    const file = path.join(dir, 'auth-secret');
    writeFileSync(file, content);
    const error = configErrorFor({ DATA_DIR: dir });
    expect(error.message).toContain(file);
    expect(error.message).toMatch(/auth-secret file must hold at least 32 characters/);
  });

  it('is taken at 32 characters', () => {
    writeFileSync(path.join(dir, 'auth-secret'), `${'y'.repeat(32)}\n`);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe('y'.repeat(32));
  });

  it.each(['', 'x'.repeat(31)])('AUTH_SECRET=%j stops start-up, naming AUTH_SECRET', (value) => {
    const error = configErrorFor({ DATA_DIR: dir, AUTH_SECRET: value });
    expect(error.message).toMatch(/^\s+AUTH_SECRET: must be at least 32 characters/m);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxyOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dir, AUTH_SECRET: secret, ...env }).trustProxy;

  it('defaults to a proxy on loopback in production and to nobody elsewhere', () => {
    expect(trustProxyOf({ NODE_ENV: 'production' })).toEqual(['loopback']);
    expect(trustProxyOf({ NODE_ENV: 'development' })).toBe(false);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['0', 0],
    ['10.0.0.1', ['10.0.0.1']],
    [
      ' 10.0.0.0/8, 192.168.1.0/255.255.255.0 ,fd00::/8,::1 ',
      ['10.0.0.0/8', '192.168.1.0/255.255.255.0', 'fd00::/8', '::1'],
    ],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('takes %j', (value, expected) => {
    expect(trustProxyOf({ TRUST_PROXY: value })).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '::1/129', '300.1.1.1', 'proxy.internal', ',', '1.5', '-1'])(
    'refuses %j, naming TRUST_PROXY',
    (value) => {
      const error = configErrorFor({ DATA_DIR: dir, AUTH_SECRET: secret, TRUST_PROXY: value });
      expect(error.message).toMatch(/^\s+TRUST_PROXY: must be true, false, a hop count/m);
    },
  );
});

describe('time-outs', () => {
  it('have defaults that free a stalled connection within minutes', () => {
    const { timeouts } = loadConfig({ DATA_DIR: dir, AUTH_SECRET: secret });
    expect(timeouts).toEqual({
      requestMs: 300_000,
      headersMs: 20_000,
      keepAliveMs: 10_000,
      idleMs: 60_000,
    });
  });

  it.each(['REQUEST_TIMEOUT_MS', 'HEADERS_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS', 'IDLE_TIMEOUT_MS'])(
    'refuses %s=0 (no time-out at all)',
    (key) => {
      const error = configErrorFor({ DATA_DIR: dir, AUTH_SECRET: secret, [key]: '0' });
      expect(error.message).toContain(`${key}: `);
    },
  );

  it('refuses a header time-out longer than the request time-out', () => {
    const error = configErrorFor({
      DATA_DIR: dir,
      AUTH_SECRET: secret,
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '2000',
    });
    expect(error.message).toContain('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  });
});
