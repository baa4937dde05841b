import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import type { PhotoStorage } from '../storage/photo-storage.ts';
import { createS3Storage } from '../storage/s3-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage;
  }
}

export default fp(
  async (app, opts: { storage: Config['storage'] }) => {
    const storage =
      opts.storage.kind === 's3'
        ? await createS3Storage(opts.storage)
        : createLocalStorage(opts.storage.dir);
    app.decorate('photoStorage', storage);
  },
  { name: 'storage' },
);
