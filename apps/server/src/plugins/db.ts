import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Db } from '../db/executor.ts';
import type { ReadNow } from '../db/read-now.ts';
import { migrateToLatest } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
    /** SQLite's connection read without a promise (db/read-now.ts); null on PostgreSQL. */
    readNow: ReadNow | null;
  }
}

export default fp(
  async (app, opts: { database: Config['database'] }) => {
    const { db, dialect, readNow } = await connectDatabase(opts.database);
    await migrateToLatest(db as Kysely<unknown>, dialect);
    app.decorate('db', db);
    app.decorate('dialect', dialect);
    app.decorate('readNow', readNow);
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db' },
);
