import {
  createServer,
  request as forward,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: send it on to the server, hold it (no answer until
 * `release`), answer it itself, or close the connection without an answer.
 */
export type ProxyAction = 'pass' | 'hold' | 'drop' | { status: number; body: string };

/** Decides each request by its method and path (with the query). */
export type ProxyRule = (method: string, path: string) => ProxyAction;

export interface StallingProxy {
  /** The address the browser uses instead of the server's. */
  baseUrl: string;
  /** Every request that reached the proxy, as "GET /api/health". */
  seen: string[];
  /** The requests held now (those whose browser side has not given up). */
  held(): string[];
  /** From now on, each request goes by this rule. */
  setRule(rule: ProxyRule): void;
  /** Back to passing everything; the held requests go on to the server. */
  release(): void;
  close(): Promise<void>;
}

interface Held {
  label: string;
  req: IncomingMessage;
  res: ServerResponse;
}

/**
 * A small HTTP proxy in front of the real server, for a server that stalls or is slow to
 * start (docs/behaviour.md#api-client: every request ends within 30 s). Origin and Host are
 * rewritten to the server's, so its own origin checks (better-auth's) see their own address;
 * cookies carry no port, so the session is the same on both addresses.
 */
export async function startStallingProxy(upstream: string): Promise<StallingProxy> {
  const target = new URL(upstream);
  const seen: string[] = [];
  let held: Held[] = [];
  let rule: ProxyRule = () => 'pass';

  function pass(req: IncomingMessage, res: ServerResponse) {
    if (res.destroyed) return;
    const headers = { ...req.headers, host: target.host };
    if (headers.origin) headers.origin = target.origin;
    if (headers.referer)
      headers.referer = headers.referer.replace(/^https?:\/\/[^/]+/, target.origin);
    const out = forward(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  }

  const server = createServer((req, res) => {
    const label = `${req.method ?? 'GET'} ${req.url ?? '/'}`;
    seen.push(label);
    const action = rule(req.method ?? 'GET', req.url ?? '/');
    if (action === 'pass') return pass(req, res);
    if (action === 'drop') return req.socket.destroy();
    if (action === 'hold') {
      const entry = { label, req, res };
      held.push(entry);
      res.on('close', () => (held = held.filter((item) => item !== entry)));
      return;
    }
    res.writeHead(action.status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
    });
    res.end(action.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    held: () => held.map((item) => item.label),
    setRule(next) {
      rule = next;
    },
    release() {
      rule = () => 'pass';
      const waiting = held;
      held = [];
      for (const { req, res } of waiting) pass(req, res);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { res } of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
