import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Db } from '../db/executor.ts';
import { migrateToLatest } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
  }
}

export default fp(
  async (app, opts: { database: Config['database'] }) => {
    const { db, dialect } = await connectDatabase(opts.database);
    await migrateToLatest(db as Kysely<unknown>, dialect);
    app.decorate('db', db);
    app.decorate('dialect', dialect);
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db' },
);
