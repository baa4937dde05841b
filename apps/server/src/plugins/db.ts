import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Db } from '../db/executor.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { PointReads } from '../db/point-reads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
    /** SQLite only: synchronous one-row reads of committed data (db/point-reads.ts). */
    pointReads: PointReads | undefined;
  }
}

export default fp(
  async (app, opts: { database: Config['database'] }) => {
    const { db, dialect, pointReads } = await connectDatabase(opts.database);
    await migrateToLatest(db as Kysely<unknown>, dialect);
    app.decorate('db', db);
    app.decorate('dialect', dialect);
    app.decorate('pointReads', pointReads);
    app.addHook('onClose', async () => {
      pointReads?.close();
      await db.destroy();
    });
  },
  { name: 'db' },
);
