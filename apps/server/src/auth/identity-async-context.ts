import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * better-auth keeps each call's context in AsyncLocalStorage instances (endpoint, request state,
 * adapter), which `@better-auth/core/context` hands out. On Node 20 the first `run` of such a
 * storage turns the process's async hooks on, and they stay on: every promise, timer and socket
 * write of every later request then runs their callbacks: without this switch an SQLite create
 * costs the server 11-14 % more CPU (bench/README.md, its fast-path list).
 *
 * better-auth reads those storages only inside a call we make (`handler`, `api.*`), and with no
 * `advanced.backgroundTasks` it awaits all of its own work before the call settles. So once no
 * call is in flight they are turned off with Node's public `disable()` (Node re-enables a storage
 * at its next `run`), and the hooks with them when nothing else in the process uses one.
 */
let storages: Promise<AsyncLocalStorage<unknown>[]> | undefined;

/**
 * better-auth's storages (made here if no call has made them yet). The endpoint one's getter is
 * marked deprecated there; were it removed, the type check fails here first.
 */
export function identityStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  storages ??= Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  return storages;
}

let callsInFlight = 0;

/** One better-auth call, after which its storages are turned off if no other call is running. */
export async function withinIdentityCall<T>(call: () => Promise<T>): Promise<T> {
  // Known before the call counts as in flight, so the turning off below needs no await.
  const known = await identityStorages();
  callsInFlight++;
  try {
    return await call();
  } finally {
    callsInFlight--;
    if (callsInFlight === 0) for (const storage of known) storage.disable();
  }
}

interface IdentityLike {
  handler: (request: Request) => Promise<Response>;
  api: object;
}

/** The same better-auth instance, its handler and every `api` endpoint run through withinIdentityCall. */
export function scopeIdentityCalls<Identity extends IdentityLike>(identity: Identity): Identity {
  const api = new Proxy(identity.api, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      // Endpoints carry properties of their own (path, options): keep them on the wrapper.
      return Object.assign(
        (...args: unknown[]) =>
          withinIdentityCall(async () => (await value.apply(target, args)) as unknown),
        value,
      );
    },
  });
  return {
    ...identity,
    handler: (request: Request) => withinIdentityCall(() => identity.handler(request)),
    api,
  };
}
