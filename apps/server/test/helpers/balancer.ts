import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  url: string;
  /** Requests handed to each backend, in the order the backends were given. */
  readonly counts: number[];
  /** Backends taken out after a failed connection, as a balancer's health check would. */
  readonly down: ReadonlySet<number>;
  close(): Promise<void>;
}

/** Hop-by-hop headers a proxy must not pass on (RFC 9110 §7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

/**
 * A round-robin HTTP balancer in a few lines of node:http, as haproxy's `balance roundrobin` with
 * `option forwardfor` would be: each request goes to the next backend still up, with the
 * client's address appended to X-Forwarded-For. A backend that refuses a connection is taken out
 * and the request answered 502 (a write might have reached it, so it is not sent again).
 */
export async function startBalancer(backends: readonly string[], port = 0): Promise<Balancer> {
  const counts = backends.map(() => 0);
  const down = new Set<number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  function pick(): number | undefined {
    for (let tried = 0; tried < backends.length; tried++) {
      const index = next;
      next = (next + 1) % backends.length;
      if (!down.has(index)) return index;
    }
    return undefined;
  }

  const server = createServer((req, res) => {
    const index = pick();
    if (index === undefined) {
      res.writeHead(503).end();
      return;
    }
    counts[index] = (counts[index] ?? 0) + 1;
    const target = new URL(req.url ?? '/', backends[index]);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = httpRequest(
      target,
      {
        method: req.method,
        agent,
        headers: { ...forwardable(req.headers), 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
        answer.once('error', () => res.destroy());
      },
    );
    upstream.once('error', () => {
      down.add(index);
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    counts,
    down,
    close() {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
