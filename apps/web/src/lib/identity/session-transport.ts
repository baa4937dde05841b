import { isNativePlatform } from '../../platform/platform.ts';
import { sessionTokenStore, type SessionTokenStore } from '../../platform/session-token-store.ts';

/**
 * How the session behind the identity travels (docs/behaviour.md#identity-provider): a cookie on
 * the web, a bearer session token on the native app. Only this seam differs between the two,
 * so the identity client itself stays platform-free.
 */
export interface SessionTransport {
  /** Adds what carries the session to an outgoing /api/auth request. */
  prepare(init: RequestInit): Promise<RequestInit>;
  /** Sees every /api/auth answer: the native transport keeps its `set-auth-token` header. */
  receive(response: Response): Promise<void>;
  /** Forgets the session after sign-out. */
  clear(): Promise<void>;
}

/** Web: the browser keeps the httpOnly session cookie; we only have to send it along. */
export const cookieSessionTransport: SessionTransport = {
  prepare: async (init) => ({ ...init, credentials: 'include' }),
  receive: async () => undefined,
  clear: async () => undefined,
};

/**
 * Native: the WebView's origin is not the server's, so no cookies (credentials 'omit'). The
 * bearer plugin hands the session token over in `set-auth-token`; it is kept in the store and
 * sent back as `Authorization: Bearer …` until sign-out removes it.
 */
export function bearerSessionTransport(store: SessionTokenStore): SessionTransport {
  return {
    async prepare(init) {
      const headers = new Headers(init.headers);
      const token = await store.get();
      if (token) headers.set('authorization', `Bearer ${token}`);
      return { ...init, headers: Object.fromEntries(headers), credentials: 'omit' };
    },
    async receive(response) {
      const token = response.headers.get('set-auth-token');
      if (token) await store.set(token);
    },
    clear: () => store.remove(),
  };
}

/** The one place the transport is chosen. */
export const sessionTransport: SessionTransport = isNativePlatform()
  ? bearerSessionTransport(sessionTokenStore)
  : cookieSessionTransport;
