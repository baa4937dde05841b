import type { Preferences } from '@fj/contract/preferences';
import { syncQuerySchema } from '@fj/contract/sync';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  answerJson,
  etagMatches,
  revalidateEveryTime,
  type ConditionalAnswer,
} from '../lib/conditional.ts';
import { nextRequestId, type OneLinePerRequest } from '../logging.ts';
import { preferencesAnswerSchema, preferencesEtag } from '../modules/preferences/answer.ts';
import type { PreferencesService } from '../modules/preferences/service.ts';
import type { SyncService } from '../modules/sync/service.ts';
import { corsHeadersWithoutOrigin, securityHeaders } from '../plugins/security.ts';
import type { ClientAddress } from './client-address.ts';
import type { FrontHandler } from './front-door.ts';
import { loggedRequest } from './logged-request.ts';

export interface FastReadsDeps {
  /**
   * `app.rememberedUser`: the user of a token verified before, with revocation and expiry
   * checked; given the socket, it recognises the token the connection sent last at once.
   */
  rememberedUser: (
    authorization: string | undefined,
    connection: object,
  ) => string | null | undefined;
  sync: SyncService;
  preferences: PreferencesService;
  /** The request log's writer, for the one line of each answer. */
  log: OneLinePerRequest;
  /** The client's address and host as Fastify reads them (TRUST_PROXY), for the log line. */
  address: ClientAddress;
  /** `app.hostAllowed`: a request for another host is Fastify's to refuse. */
  hostAllowed: (host: string) => boolean;
  /** Check the preferences answer against its schema (everywhere but production), as the route does. */
  validateAnswers: boolean;
}

export interface FastReads {
  handle: FrontHandler;
  /** How many requests were answered here (tests tell the two paths apart by it). */
  readonly answered: number;
}

/**
 * What every answer here carries before its own headers, in the order Fastify writes them, as
 * the flat `[name, value, …]` list `writeHead` takes: a list is cheaper for it to walk than an
 * object made for each answer by spreading the two (issue 12).
 */
const commonHeaders: readonly string[] = Object.entries({
  ...securityHeaders,
  ...corsHeadersWithoutOrigin,
}).flat();

/** The common headers, then `own` (a conditional answer's ETag and Cache-Control). */
const withCommon = (own: Readonly<Record<string, string>>): string[] => [
  ...commonHeaders,
  ...Object.entries(own).flat(),
];

/**
 * `withCommon` made once per headers object: the sync service hands out the same object for a
 * user's 304 until the revision or the day changes (notModifiedNow), so the list a 304 is written
 * with is made once, not per answer (issue 12).
 */
function commonListOf(): (own: Readonly<Record<string, string>>) => readonly string[] {
  const made = new WeakMap<object, readonly string[]>();
  return (own) => {
    let list = made.get(own);
    if (!list) {
      list = withCommon(own);
      made.set(own, list);
    }
    return list;
  };
}

/** A kept preferences record's answers, made once per record (it is one object until a write). */
interface PreferencesAnswers {
  etag: string;
  notModified: string[];
  ok: string[];
  body: Buffer;
}

const prefix = '/api/v1/';

/**
 * Conditional and small authenticated reads answered before Fastify's request lifecycle
 * (docs/architecture.md#fast-reads): `GET /api/v1/locations` and `GET /api/v1/sync[?since=…]`
 * when If-None-Match names the current answer (the 304), and `GET /api/v1/preferences` while the
 * record is kept in memory (SQLite; the 200 or the 304). Only for a bearer token the verifier
 * already remembers, and only for requests Fastify would answer with exactly these headers:
 * anything else (another method or path, a query it does not know, an `Origin` header, a body,
 * a token not remembered, revoked or expired, a stale ETag, any error) goes to Fastify
 * untouched, which answers it as always (a 401, a 400, the 200). A 304 of the whole-list reads
 * spends no request budget on either path (security.ts, `budgetAfterConditional`).
 */
export function createFastReads(deps: FastReadsDeps): FastReads {
  const { rememberedUser, sync, preferences, log, address, hostAllowed, validateAnswers } = deps;
  let answered = 0;
  const requestJson = loggedRequest(address);
  const notModifiedHeaders = commonListOf();
  // The kept record's answer is one object until a write (the service makes it once), so its
  // bytes and headers are made once too.
  const preferencesAnswers = new WeakMap<object, PreferencesAnswers>();

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

  /** A 304 decided by the sync service (undefined: the client's copy is stale, Fastify answers). */
  function conditional(
    req: IncomingMessage,
    res: ServerResponse,
    fallThrough: () => void,
    started: number,
    decide: Promise<ConditionalAnswer | undefined>,
  ): true {
    decide
      .then(
        (answer) => {
          // A new headers object each time (PostgreSQL): nothing to keep.
          if (answer && !answer.body) send(req, res, started, 304, withCommon(answer.headers));
          else fallThrough();
        },
        // A bad cursor, a database error: Fastify answers it, in the one error shape.
        () => fallThrough(),
      )
      // Writing failed half-way (nothing else throws here): end the connection, never twice.
      .catch(() => res.destroy());
    return true;
  }

  function readPreferences(
    req: IncomingMessage,
    res: ServerResponse,
    userId: string,
    started: number,
  ): boolean {
    const kept = preferences.kept(userId);
    if (!kept) return false;
    const answers = preferencesAnswers.get(kept.preferences) ?? prepare(userId, kept);
    if (etagMatches(req.headers['if-none-match'], answers.etag))
      send(req, res, started, 304, answers.notModified);
    else send(req, res, started, 200, answers.ok, answers.body);
    return true;
  }

  function prepare(
    userId: string,
    kept: { preferences: Preferences; revision: number },
  ): PreferencesAnswers {
    const etag = preferencesEtag(userId, kept.revision);
    const body = answerJson(preferencesAnswerSchema, { data: kept.preferences }, validateAnswers);
    const notModified = withCommon({ etag, 'cache-control': revalidateEveryTime });
    const answers = {
      etag,
      notModified,
      ok: [
        ...notModified,
        'content-type',
        'application/json; charset=utf-8',
        'content-length',
        String(body.length),
      ],
      body,
    };
    preferencesAnswers.set(kept.preferences, answers);
    return answers;
  }

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
    if (req.method !== 'GET' || url === undefined || !url.startsWith(prefix)) return false;
    const headers = req.headers;
    // CORS answers depend on the origin (@fastify/cors); a GET with a body is unusual.
    if (headers.origin !== undefined || headers['content-length'] !== undefined) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    const route = url.slice(prefix.length);
    const ifNoneMatch = headers['if-none-match'];
    if (route !== 'preferences' && ifNoneMatch === undefined) return false;
    if (route !== 'locations' && route !== 'preferences' && !route.startsWith('sync')) return false;
    let since: string | null | undefined = null;
    if (route.startsWith('sync')) {
      if (route !== 'sync' && !route.startsWith('sync?')) return false;
      since = sinceOf(route.slice('sync?'.length));
      if (since === undefined) return false;
    }
    if (!hostAllowed(address.host(req))) return false;
    const userId = rememberedUser(headers.authorization, req.socket);
    if (!userId) return false;
    const started = performance.now();
    if (route === 'preferences') return readPreferences(req, res, userId, started);
    const now = sync.notModifiedNow;
    if (now) {
      // SQLite: decided at once; a stale copy (or a bad cursor, which throws) is Fastify's.
      const headers =
        route === 'locations'
          ? now.list(userId, ifNoneMatch)
          : now.changes(userId, since ?? undefined, ifNoneMatch);
      if (!headers) return false;
      send(req, res, started, 304, notModifiedHeaders(headers));
      return true;
    }
    if (route === 'locations')
      return conditional(req, res, fallThrough, started, sync.listNotModified(userId, ifNoneMatch));
    return conditional(
      req,
      res,
      fallThrough,
      started,
      sync.changesNotModified(userId, since ?? undefined, ifNoneMatch),
    );
  };

  return {
    handle,
    get answered() {
      return answered;
    },
  };
}
