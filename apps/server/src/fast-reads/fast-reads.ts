import { syncQuerySchema } from '@fj/contract/sync';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { etagMatches, revalidateEveryTime } from '../lib/conditional.ts';
import { nextRequestId, type OneLinePerRequest } from '../request-line.ts';
import { corsHeadersWithoutOrigin, securityHeaders } from '../plugins/security.ts';
import type { ClientAddress } from './client-address.ts';
import type { FrontHandler } from './front-door.ts';
import type { FrontRead, FrontReads } from './front-read.ts';
import { loggedRequest } from './logged-request.ts';
import { preparedAnswers, type Prepared } from './prepared-answers.ts';

export interface FastReadsDeps {
  /**
   * `app.rememberedUser`: the user of a token verified before, with revocation and expiry
   * checked; given the socket, it recognises the token the connection sent last at once.
   */
  rememberedUser: (
    authorization: string | undefined,
    connection: object,
  ) => string | null | undefined;
  /** The reads answered here, each offered by its service (front-read.ts). */
  reads: FrontReads;
  /** The request log's writer, for the one line of each answer. */
  log: OneLinePerRequest;
  /** The client's address and host as Fastify reads them (TRUST_PROXY), for the log line. */
  address: ClientAddress;
  /** `app.hostAllowed`: a request for another host is Fastify's to refuse. */
  hostAllowed: (host: string) => boolean;
}

export interface FastReads {
  handle: FrontHandler;
  /** How many requests were answered here (tests tell the two paths apart by it). */
  readonly answered: number;
  /** False: every request goes to Fastify (tests compare the two paths' answers with it). */
  enabled: boolean;
}

/**
 * What every answer here carries before its own headers, in the order Fastify writes them, as
 * the flat `[name, value, …]` list `writeHead` takes: a list is cheaper for it to walk than an
 * object made for each answer by spreading the two.
 */
const commonHeaders: readonly string[] = Object.entries({
  ...securityHeaders,
  ...corsHeadersWithoutOrigin,
}).flat();

/** A read's 304 (and, for a kept answer, its 200) as written here, made once per version. */
function prepareFor<Query>(read: FrontRead<Query>) {
  return preparedAnswers((version, body): Prepared => {
    const etag = read.etag(version);
    const notModified = [...commonHeaders, 'etag', etag, 'cache-control', revalidateEveryTime];
    if (!body) return { version, etag, notModified };
    const bytes = body();
    const headers = [
      ...notModified,
      'content-type',
      'application/json; charset=utf-8',
      'content-length',
      String(bytes.length),
    ];
    return { version, etag, notModified, ok: { headers, body: bytes } };
  });
}

const prefix = '/api/v1/';

/**
 * Conditional and small authenticated reads answered before Fastify's request lifecycle
 * (docs/architecture.md#fast-reads): `GET /api/v1/locations` and `GET /api/v1/sync[?since=…]`
 * when If-None-Match names the current answer (the 304), and `GET /api/v1/preferences` while its
 * service keeps the record in memory (the 200 or the 304). What is current is the services' to
 * say, through `FrontRead` (front-read.ts). Only for a bearer token the verifier already
 * remembers, and only for requests Fastify would answer with exactly these headers: anything
 * else (another method or path, a query it does not know, an `Origin` header, a body, a token
 * not remembered, revoked or expired, a stale ETag, any error) goes to Fastify untouched, which
 * answers it as always (a 401, a 400, the 200). A 304 of the whole-list reads spends no request
 * budget on either path (security.ts, `budgetAfterConditional`).
 */
export function createFastReads(deps: FastReadsDeps): FastReads {
  const { rememberedUser, reads, log, address, hostAllowed } = deps;
  let answered = 0;
  let enabled = true;
  const requestJson = loggedRequest(address);

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    status: number,
    headers: readonly string[],
    body?: Buffer,
  ): void {
    // writeHead takes a flat list as it is; it does not keep or change it.
    res.writeHead(status, headers as string[]);
    res.end(body);
    answered += 1;
    if (log.writes)
      log.lineOf(nextRequestId(), requestJson(req), status, performance.now() - started);
  }

  /** Answers one read from what its service says is current, or leaves it to Fastify. */
  function answering<Query>(read: FrontRead<Query>) {
    const prepared = prepareFor(read);
    return (
      req: IncomingMessage,
      res: ServerResponse,
      fallThrough: () => void,
      userId: string,
      query: Query,
    ): boolean => {
      const started = performance.now();
      const ifNoneMatch = req.headers['if-none-match'];
      const kept = read.kept?.(userId);
      if (kept) {
        const { etag, notModified, ok } = prepared(kept.version, kept.body);
        if (etagMatches(ifNoneMatch, etag)) send(req, res, started, 304, notModified);
        else if (ok) send(req, res, started, 200, ok.headers, ok.body);
        else return false;
        return true;
      }
      // A stale copy, or a bad cursor (which throws): Fastify's.
      const version = read.notModifiedNow(userId, query);
      if (!(version instanceof Promise)) {
        const answer = version && prepared(version);
        if (!answer || !etagMatches(ifNoneMatch, answer.etag)) return false;
        send(req, res, started, 304, answer.notModified);
        return true;
      }
      version
        .then(
          (decided) => {
            const answer = decided && prepared(decided);
            if (answer && etagMatches(ifNoneMatch, answer.etag))
              send(req, res, started, 304, answer.notModified);
            else fallThrough();
          },
          // A bad cursor, a database error: Fastify answers it, in the one error shape.
          () => fallThrough(),
        )
        // Writing failed half-way (nothing else throws here): end the connection, never twice.
        .catch(() => res.destroy());
      return true;
    };
  }

  const locations = answering(reads.locations);
  const sync = answering(reads.sync);
  const preferences = answering(reads.preferences);

  /** `since` of `/sync?since=…`, null for `/sync` (no query), undefined for a query Fastify should read. */
  function sinceOf(query: string): string | undefined | null {
    if (query === '') return null;
    const params = new URLSearchParams(query);
    const keys = [...params.keys()];
    if (keys.length !== 1 || keys[0] !== 'since') return undefined;
    const parsed = syncQuerySchema.safeParse({ since: params.get('since') });
    return parsed.success && parsed.data.since !== undefined ? parsed.data.since : undefined;
  }

  const handle: FrontHandler = (req, res, fallThrough) => {
    const url = req.url;
    if (!enabled || req.method !== 'GET' || url === undefined || !url.startsWith(prefix))
      return false;
    const headers = req.headers;
    // CORS answers depend on the origin (@fastify/cors); a GET with a body is unusual.
    if (headers.origin !== undefined || headers['content-length'] !== undefined) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    const route = url.slice(prefix.length);
    // A request for a host this server does not serve is Fastify's to refuse (security.ts).
    if (!hostAllowed(address.host(req))) return false;
    if (route === 'preferences') {
      const userId = rememberedUser(headers.authorization, req.socket);
      return !!userId && preferences(req, res, fallThrough, userId, undefined);
    }
    // Without If-None-Match these reads answer a body, which only Fastify sends.
    if (headers['if-none-match'] === undefined) return false;
    if (route === 'locations') {
      const userId = rememberedUser(headers.authorization, req.socket);
      return !!userId && locations(req, res, fallThrough, userId, undefined);
    }
    if (route !== 'sync' && !route.startsWith('sync?')) return false;
    const since = sinceOf(route.slice('sync?'.length));
    if (since === undefined) return false;
    const userId = rememberedUser(headers.authorization, req.socket);
    return !!userId && sync(req, res, fallThrough, userId, since ?? undefined);
  };

  return {
    handle,
    get answered() {
      return answered;
    },
    get enabled() {
      return enabled;
    },
    set enabled(on: boolean) {
      enabled = on;
    },
  };
}
