import type { ServerOptions } from 'node:http';

/**
 * Time-outs that free a connection held by a slow or silent client (slowloris sends its headers
 * a byte at a time; an idle keep-alive socket sends nothing). Node checks the header and request
 * deadlines only every `connectionsCheckingInterval` (30 s by default), so that follows the
 * header time-out: a deadline is enforced within half of it again.
 */
export interface TimeoutSettings {
  requestMs: number;
  headersMs: number;
  keepAliveMs: number;
  idleMs: number;
}

export function serverTimeouts(timeouts: TimeoutSettings): {
  http: ServerOptions;
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
} {
  const checkEvery = Math.min(5_000, Math.max(50, Math.floor(timeouts.headersMs / 2)));
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: checkEvery,
    },
  };
}
