import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { fastifyTrustProxy } from '../lib/trust-proxy.ts';

type FastifyTrust = ReturnType<typeof fastifyTrustProxy>;

export interface ClientAddress {
  /** `request.ip`: the client, after the trusted proxies. */
  ip(req: IncomingMessage): string;
  /** `request.host`: X-Forwarded-Host from a trusted proxy, else Host. */
  host(req: IncomingMessage): string;
}

/** The request's socket, or null once its connection has closed (Node then lets go of it). */
export const socketOf = (req: IncomingMessage): Socket | null => req.socket as Socket | null;

/** The last of a header's comma-separated values, as Fastify reads X-Forwarded-Host. */
function lastEntry(value: string): string {
  const last = value.lastIndexOf(',');
  return last === -1 ? value.trim() : value.slice(last + 1).trim();
}

/**
 * `request.ip` and `request.host` as Fastify 5 works them out under the same `trustProxy`
 * (its request.js, with the same @fastify/proxy-addr), for the log lines of answers written
 * before Fastify: behind a proxy the line names the client, not the proxy.
 */
export function clientAddress(trust: FastifyTrust): ClientAddress {
  if (trust === false)
    return {
      ip: (req) => socketOf(req)?.remoteAddress ?? '',
      host: (req) => req.headers.host ?? '',
    };
  const trusted =
    typeof trust === 'function' ? trust : trust === true ? () => true : proxyAddr.compile(trust);
  return {
    ip(req) {
      // proxy-addr reads the socket's address, and throws once Node has let go of the socket.
      if (!socketOf(req)) return '';
      const addresses = proxyAddr.all(req, trusted);
      return addresses[addresses.length - 1] ?? '';
    },
    host(req) {
      const forwarded = req.headers['x-forwarded-host'];
      const peer = socketOf(req)?.remoteAddress;
      if (typeof forwarded === 'string' && forwarded && peer !== undefined && trusted(peer, 0))
        return lastEntry(forwarded);
      return req.headers.host ?? '';
    },
  };
}
