import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import type { PhotoStorage } from '../storage/photo-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage;
  }
}

export default fp(
  async (app, opts: { storage: Config['storage'] }) => {
    // The AWS SDK is large: load it only when a bucket is configured, to keep start-up quick.
    const storage =
      opts.storage.kind === 's3'
        ? (await import('../storage/s3-storage.ts')).createS3Storage(opts.storage)
        : createLocalStorage(opts.storage.dir);
    app.decorate('photoStorage', storage);
  },
  { name: 'storage' },
);
