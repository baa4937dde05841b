import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** Unset for SQLite (a file in the test's DATA_DIR). */
  url?: string;
  drop(): Promise<void>;
}

export interface DatabaseKind {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

/** A schema of its own for each test app, dropped when the app closes. */
async function createPostgresSchema(baseUrl: string): Promise<TestDatabase> {
  const schema = `fj_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** SQLite alone, for files whose subject does not depend on the database. */
export const sqlite: DatabaseKind = {
  name: 'sqlite',
  create: async () => ({ drop: async () => {} }),
};

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = [
  sqlite,
  ...(postgresUrl
    ? [{ name: 'postgres' as const, create: () => createPostgresSchema(postgresUrl) }]
    : []),
];
