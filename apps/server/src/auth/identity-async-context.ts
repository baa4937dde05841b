import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth keeps each call's context in AsyncLocalStorage instances of its own (endpoint,
 * request state, adapter: on `globalThis[Symbol.for('better-auth:global')]`). On Node 20 the
 * first `run` of such a storage turns the process's async hooks on, and they stay on: every
 * socket write, timer, nextTick and promise of every later request then runs their callbacks,
 * even the fast reads that never touch better-auth (0.3–1.2 µs of a 304's 23 µs, measured by build pairs in turns).
 *
 * better-auth only reads those storages inside a call we make (`handler`, `api.*`), and with no
 * `advanced.backgroundTasks` it awaits all of its own work before the call settles. So once no
 * call is in flight the storages are turned off again (Node re-enables one at its next `run`),
 * and the hooks with them when nothing else in the process uses AsyncLocalStorage.
 */
const betterAuthGlobal = Symbol.for('better-auth:global');
const storageNames = [
  'endpointContextAsyncStorage',
  'requestStateAsyncStorage',
  'adapterAsyncStorage',
] as const;

let callsInFlight = 0;

/** better-auth's storages made so far (they are made lazily, at its first calls). */
export function identityStorages(): AsyncLocalStorage<unknown>[] {
  const context = (globalThis as { [betterAuthGlobal]?: { context?: Record<string, unknown> } })[
    betterAuthGlobal
  ]?.context;
  return storageNames
    .map((name) => context?.[name] as AsyncLocalStorage<unknown> | undefined)
    .filter((storage) => storage !== undefined);
}

/** One better-auth call, after which its storages are turned off if no other call is running. */
export async function withinIdentityCall<T>(call: () => Promise<T>): Promise<T> {
  callsInFlight++;
  try {
    return await call();
  } finally {
    callsInFlight--;
    if (callsInFlight === 0) for (const storage of identityStorages()) storage.disable();
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
