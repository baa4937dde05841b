import fp from 'fastify-plugin';
import { createDecodeGate, type DecodeGate } from './decode-gate.ts';
import { startPhotoSweeper, type PhotoSweeper } from './sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bounds image decoding in this server (see decode-gate.ts). */
    imageDecodeGate: DecodeGate;
    photoSweeper: PhotoSweeper;
  }
}

/** The server-wide parts of photo work: the decode gate and the unattached-photo sweeper. */
export default fp(
  async (app) => {
    app.decorate('imageDecodeGate', createDecodeGate());
    const sweeper = startPhotoSweeper({ db: app.db, storage: app.photoStorage, log: app.log });
    app.decorate('photoSweeper', sweeper);
    app.addHook('onClose', async () => sweeper.stop());
  },
  { name: 'photo-work', dependencies: ['db', 'storage'] },
);
