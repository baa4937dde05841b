import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

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

/** A page loaded on demand; `preload()` starts its script without rendering it. */
export interface LazyPage {
  (): ReactElement;
  preload(): void;
}

/**
 * A page loaded on demand from a named export: lazyPage(() => import('./x'), 'XPage').
 * A page whose script has already arrived (preloaded while the gate and the session were busy)
 * renders at once: React.lazy would still suspend once, show the spinner, and reveal the page
 * only after its throttle (about 300 ms) since that spinner appeared. Each mounted page keeps
 * the component it started with, so it never remounts when the script arrives.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () =>
    (loading ??= withChunkTimeout(load).then((module) => {
      loaded = module[name];
      return { default: loaded };
    }));
  const Lazy = lazy(start);
  function Page(): ReactElement {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  Page.preload = () => {
    start().catch(() => undefined); // a failure shows when the page itself is shown
  };
  return Page;
}
