import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** docs/behaviour.md#page-loading: a page's script that has not arrived after 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;
export const chunkLoadFailed = 'Loading chunk failed';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(options?: ErrorOptions) {
    super(chunkLoadFailed, options);
  }
}

/** Resolves with the import, or rejects with ChunkLoadError on failure or time-out. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError({ cause: new Error(`No answer after ${timeoutMs} ms`) })),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError({ cause: error }));
      },
    );
  });
}

/** A page loaded on demand from a named export: lazyPage(() => import('./x'), 'XPage'). */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => withChunkTimeout(load).then((module) => ({ default: module[name] })));
}
