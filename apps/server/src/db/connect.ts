import { existsSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { checkpointAside } from './checkpoint-aside.ts';
import { makePrivateDir, makePrivateFile } from '../lib/private-files.ts';
import type { DialectName } from './dialect.ts';
import type { Db } from './executor.ts';
import { withPreparedStatements } from './pg-prepared.ts';
import { readNowOn, type ReadNow } from './read-now.ts';
import { keepUntilExit, runPragma } from './sqlite-kept-objects.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** SQLite's connection read without a promise (read-now.ts); null on PostgreSQL. */
  readNow: ReadNow | null;
}

/** Only the driver in use is loaded: a SQLite server never loads pg, and the other way round. */
/** Which database (DATABASE_URL; config.ts): poolMax is PostgreSQL's connections at most. */
export type DatabaseConfig =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolMax?: number };

export async function connectDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // Every server opens up to this many: N servers need N × max within max_connections.
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolMax ?? 20 });
    return {
      db: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
      }),
      dialect: 'postgres',
      readNow: null,
    };
  }
  makePrivateDir(path.dirname(config.file));
  // SQLite creates -wal and -shm with the database file's mode; older ones are narrowed too.
  makePrivateFile(config.file);
  for (const extra of ['-wal', '-shm']) {
    if (existsSync(config.file + extra)) makePrivateFile(config.file + extra);
  }
  const { default: SqliteDatabase } = await import('better-sqlite3');
  const sqlite = keepUntilExit(new SqliteDatabase(config.file));
  // WAL lets readers run beside the writer; the busy timeout waits out another process's lock.
  runPragma(sqlite, 'journal_mode = WAL');
  runPragma(sqlite, 'foreign_keys = ON');
  runPragma(sqlite, 'busy_timeout = 5000');
  runPragma(sqlite, 'synchronous = NORMAL');
  const stopCheckpoints = checkpointAside(sqlite, config.file);
  const readNow = readNowOn(sqlite);
  const statements = withStatementCache(sqlite, readNow.beforeChange);
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({
        database: {
          prepare: (sql) => statements.prepare(sql),
          close() {
            stopCheckpoints();
            statements.close();
          },
        },
      }),
    }),
    dialect: 'sqlite',
    readNow,
  };
}
