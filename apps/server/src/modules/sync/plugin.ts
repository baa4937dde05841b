import fp from 'fastify-plugin';
import { startTombstoneSweeper, type TombstoneSweeper } from './sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tombstoneSweeper: TombstoneSweeper;
  }
}

/** The server-wide part of sync: the hourly sweep of tombstones past their 90 days. */
export default fp(
  async (app) => {
    const sweeper = startTombstoneSweeper({ db: app.db, log: app.log });
    app.decorate('tombstoneSweeper', sweeper);
    app.addHook('onClose', async () => sweeper.stop());
  },
  { name: 'sync-work', dependencies: ['db'] },
);
