import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { StorageDeleteError, type PhotoStorage } from '../storage/photo-storage.ts';
import { createS3Storage } from '../storage/s3-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage;
  }
}

/**
 * Files are only deleted once the rows naming them are gone (after a commit, or when an upload's
 * row was refused): a file the store will not delete is then an orphan to log, and the request
 * has still done what it said. Failing it would answer 500 for a change already made.
 */
function loggingDeleteFailures(storage: PhotoStorage, log: FastifyBaseLogger): PhotoStorage {
  return {
    put: (key, body, contentType) => storage.put(key, body, contentType),
    get: (key) => storage.get(key),
    async delete(keys) {
      try {
        await storage.delete(keys);
      } catch (error) {
        const failures = error instanceof StorageDeleteError ? error.failures : undefined;
        log.error({ err: error, failures }, 'stored photo files could not be deleted');
      }
    },
  };
}

export default fp(
  async (app, opts: { storage: Config['storage'] }) => {
    const storage =
      opts.storage.kind === 's3'
        ? await createS3Storage(opts.storage)
        : createLocalStorage(opts.storage.dir);
    app.decorate('photoStorage', loggingDeleteFailures(storage, app.log));
  },
  { name: 'storage' },
);
