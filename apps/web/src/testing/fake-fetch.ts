import { vi } from 'vitest';

/** One request as the fake server saw it. */
export interface FetchCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  init: RequestInit;
}

export type Route = (call: FetchCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const empty = (status = 204) => new Response(null, { status });

/** Answers only when aborted: a server that never replies. */
export const hang: Route = (call) =>
  new Promise<Response>((_resolve, reject) => {
    call.init.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

/**
 * The edge of the world for the unit tests: a stubbed global fetch routed by "METHOD /path".
 * A route may be replaced at any time; unknown paths answer 404 in the server's error shape.
 */
export function installFakeFetch() {
  const routes = new Map<string, Route>();
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: FetchCall = {
      method,
      url,
      headers: headersOf(init),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      init,
    };
    calls.push(call);
    const route = routes.get(`${method} ${url}`);
    if (!route) return json({ error: { code: 'NOT_FOUND', message: `No route ${url}` } }, 404);
    return route(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    on(key: string, route: Route) {
      routes.set(key, route);
    },
    callsTo(key: string) {
      return calls.filter((call) => `${call.method} ${call.url}` === key);
    },
  };
}

export type FakeFetch = ReturnType<typeof installFakeFetch>;

/** A signed-in better-auth session for `uid`, handing out tokens "token-1", "token-2"… */
export function signedInServer(server: FakeFetch, uid = 'user-1') {
  let issued = 0;
  server.on('GET /api/auth/get-session', () =>
    json({ session: { id: 's' }, user: { id: uid, email: `${uid}@example.com`, name: uid } }),
  );
  server.on('GET /api/auth/token', () => json({ token: `token-${++issued}` }));
  return { issued: () => issued };
}

/** Lets every queued promise callback run (fake timers leave microtasks alone). */
export async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i += 1) await Promise.resolve();
}
