import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { DatabaseKind } from './databases.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** better-auth's bearer session token (what the native app keeps). */
  sessionToken: string;
  /** The 1-hour ID token the API wants. */
  idToken: string;
  auth: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  signUp(email?: string, password?: string): Promise<TestUser>;
  idTokenFor(sessionToken: string): Promise<string>;
  close(): Promise<void>;
}

let userCounter = 0;

export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  overrides: AppOverrides = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fj-test-'));
  const database = await kind.create();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    AUTH_RATE_LIMIT_MAX: '10000',
    RATE_LIMIT_MAX: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await buildApp(config, overrides).catch(async (error: unknown) => {
    // A failed start must not leave its schema or temp folder behind.
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });

  let closing: Promise<void> | undefined;

  async function idTokenFor(sessionToken: string): Promise<string> {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  }

  return {
    app,
    config,
    idTokenFor,
    async signUp(
      email = `forager${++userCounter}-${Date.now()}@example.com`,
      password = 'chanterelle',
    ) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password, name: email.split('@')[0] },
      });
      if (res.statusCode !== 200) throw new Error(`sign-up: ${res.statusCode} ${res.body}`);
      const sessionToken = String(res.headers['set-auth-token']);
      const idToken = await idTokenFor(sessionToken);
      const id = res.json<{ user: { id: string } }>().user.id;
      return {
        id,
        email,
        password,
        sessionToken,
        idToken,
        auth: { authorization: `Bearer ${idToken}` },
      };
    },
    // Safe to call twice (a test may close early; the fixture closes again afterwards).
    close() {
      closing ??= (async () => {
        try {
          await app.close();
        } finally {
          await database.drop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      })();
      return closing;
    },
  };
}
