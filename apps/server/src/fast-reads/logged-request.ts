import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { redactUrl } from '../log-redaction.ts';
import { clientFieldsJson, requestFieldsJson } from '../request-line.ts';
import { socketOf, type ClientAddress } from './client-address.ts';

/** A connection's client part of the line, and the headers it was worked out from. */
interface KeptClient {
  host: string | undefined;
  forwardedFor: string | string[] | undefined;
  forwardedHost: string | string[] | undefined;
  json: string;
}

/** The URLs answered here without a query: their JSON is the same for every request. */
const fixedUrls = ['/api/v1/locations', '/api/v1/preferences', '/api/v1/sync'];
const fixedUrlJson = new Map(fixedUrls.map((url) => [url, JSON.stringify(redactUrl(url))]));

/**
 * The `req` of a fast read's log line, as JSON (the same text as the line Fastify writes: method,
 * url, host, remoteAddress, remotePort). Building and serialising it for every answer cost about
 * a sixth of a 304, and all but the URL is the same for every request of a connection:
 * the port and peer address are the socket's, and the host and client address (which TRUST_PROXY
 * may take from X-Forwarded-Host and X-Forwarded-For) depend only on those and three headers. So
 * the client's part is kept per socket, with the three headers it came from, and made again when
 * any of them differs (a proxy may send requests of several clients over one connection).
 */
export function loggedRequest(address: ClientAddress): (req: IncomingMessage) => string {
  const kept = new WeakMap<Socket, KeptClient>();

  function clientJson(req: IncomingMessage): string {
    const {
      host,
      'x-forwarded-for': forwardedFor,
      'x-forwarded-host': forwardedHost,
    } = req.headers;
    const socket = socketOf(req);
    if (!socket) return clientFieldsJson(address.host(req), '', undefined);
    const known = kept.get(socket);
    if (
      known &&
      known.host === host &&
      known.forwardedFor === forwardedFor &&
      known.forwardedHost === forwardedHost
    )
      return known.json;
    const json = clientFieldsJson(address.host(req), address.ip(req), socket.remotePort);
    kept.set(socket, { host, forwardedFor, forwardedHost, json });
    return json;
  }

  return (req) => {
    const url = req.url ?? '';
    const urlJson = fixedUrlJson.get(url) ?? JSON.stringify(redactUrl(url));
    return requestFieldsJson('GET', urlJson, clientJson(req));
  };
}
