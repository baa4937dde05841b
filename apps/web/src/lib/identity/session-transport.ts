/**
 * How the session behind the identity travels (DESIGN.md "The identity provider"): a cookie on
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

/** The one place the transport is chosen; the native issue adds its bearer transport here. */
export const sessionTransport: SessionTransport = cookieSessionTransport;
