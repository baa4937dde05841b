import http, { type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';

/**
 * Answers a request before Fastify sees it, or leaves it: true when it took the request (and
 * will answer it, or hand it on with `fallThrough` later), false when Fastify answers it.
 */
export type FrontHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  fallThrough: () => void,
) => boolean;

/** What Fastify hands its serverFactory: the options it would have made its own server with. */
interface FastifyServerOptions {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

export interface FrontDoor {
  /** Fastify's `serverFactory`: the HTTP server Fastify would make, with the front handler first. */
  serverFactory: (
    fastify: (req: IncomingMessage, res: ServerResponse) => void,
    options: Record<string, unknown>,
  ) => http.Server;
  /** From now on, requests pass `handler` first (set once the app's services exist). */
  open(handler: FrontHandler): void;
}

/**
 * The server's HTTP door: until `open`, every request goes to Fastify, as with Fastify's own
 * server; after it, the front handler (fast-reads.ts) may answer first. The server is made as
 * Fastify makes its own (its `getServerInstance`): the same options and time-outs.
 */
export function createFrontDoor(): FrontDoor {
  let front: FrontHandler | undefined;
  return {
    serverFactory(fastify, rawOptions) {
      const options = rawOptions as FastifyServerOptions;
      const server = http.createServer(options.http ?? {}, (req, res) => {
        try {
          if (front?.(req, res, () => fastify(req, res))) return;
        } catch {
          // Nothing was sent yet (the front handler writes last): Fastify answers, as always.
        }
        fastify(req, res);
      });
      if (options.keepAliveTimeout !== undefined)
        server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    open(handler) {
      front = handler;
    },
  };
}
