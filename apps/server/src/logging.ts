import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Socket } from 'node:net';
import { hostname } from 'node:os';
import pino from 'pino';
import { GatheredLines, type LineDestination } from './lib/gathered-lines.ts';

/** Query parameters whose value opens something: reset tokens, photo URL signatures, codes. */
const secretParams =
  /^(token|sig|signature|code|password|secret|key|otp|access_token|id_token|refresh_token)$/i;

const redacted = '[redacted]';

function decodedName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * A request URL fit for the log: the values of secret query parameters, and better-auth's
 * reset token in the path (/api/auth/reset-password/:token), are replaced.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const pathPart = mark < 0 ? url : url.slice(0, mark);
  const path = pathPart.replace(/(\/reset-password\/)[^/?]+/i, `$1${redacted}`);
  if (mark < 0) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) =>
      secretParams.test(decodedName(pair)) ? `${pair.split('=', 1)[0]}=${redacted}` : pair,
    )
    .join('&');
  return `${path}?${query}`;
}

/**
 * Headers and body fields that carry credentials, wherever they show up: @fastify/multipart,
 * for one, logs its busboy options with the request headers at trace level.
 */
const credentialHeaders = [
  'authorization',
  'cookie',
  '"set-cookie"',
  '"set-auth-token"',
  '"set-auth-jwt"',
];
const redactPaths = [
  ...credentialHeaders.flatMap((name) => [`headers[${name}]`, `*.headers[${name}]`]),
  ...['password', 'newPassword', 'currentPassword', 'token', 'idToken', 'sessionToken'].map(
    (field) => `*.${field}`,
  ),
];

/**
 * The log's flush policy, stated here only: lines gather (lib/gathered-lines.ts) and go to stdout
 * as one write once 64 kB have gathered, or every quarter of a second, so a line waits at most
 * that long and a request never waits for the terminal or the journal. A write for every line
 * cost more than the line itself under load, and an asynchronous write costs about the same CPU
 * whether it carries 12 kB or 64 kB (bench/README.md). Closing the app stops the timer
 * (closeLog); pino writes out what is left when the process exits.
 */
export const logFlush = { chars: 64 * 1024, everyMs: 250 } as const;

/** pino's asynchronous stdout (SonicBoom) in its `buffer` content mode, which GatheredLines feeds. */
function stdoutInBuffers(): LineDestination {
  const sonic = pino.destination({
    dest: 1,
    sync: false,
    // Writes only when GatheredLines hands over a full batch or flushes it (no timer of its own).
    minLength: logFlush.chars,
    maxWrite: 2 * logFlush.chars,
    contentMode: 'buffer',
  });
  // sonic-boom's types know only its default mode, whose write takes a string; in `buffer`
  // mode the same method takes a Buffer (its writeBuffer).
  const writeBuffer = sonic.write.bind(sonic) as unknown as (chunk: Buffer) => boolean;
  return { write: writeBuffer, flush: (callback) => sonic.flush(callback) };
}

/**
 * Fastify's logger with secrets kept out: Fastify's own request serializer logs the raw URL,
 * which for a photo carries its signature and for the reset page its token. Lines go to stdout
 * as logFlush says. `stream` lets a test read what would be written.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> {
  const destination =
    stream ?? (level === 'silent' ? undefined : new GatheredLines(stdoutInBuffers(), logFlush));
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: { paths: redactPaths, censor: redacted },
    serializers: { req: requestFields },
  };
}

/** The app is closing: what is gathered goes out, and the log's timer stops. */
export function closeLog(options: { stream?: unknown }): void {
  if (options.stream instanceof GatheredLines) options.stream.close();
}

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * `request.log`, made when something logs for the request: most requests log nothing but their
 * one line (OneLinePerRequest, which needs no child), and making a pino child for each, with its
 * bindings run through the redaction, cost more than the rest of a small read's logging.
 */
export const lazyChildLogger: ChildLoggerFactory = (logger, bindings, options) => {
  let child: FastifyBaseLogger | undefined;
  const made = () => (child ??= logger.child(bindings, options));
  return {
    get level() {
      return child?.level ?? options.level ?? logger.level;
    },
    set level(level) {
      made().level = level;
    },
    fatal: (...args: Parameters<FastifyBaseLogger['fatal']>) => made().fatal(...args),
    error: (...args: Parameters<FastifyBaseLogger['error']>) => made().error(...args),
    warn: (...args: Parameters<FastifyBaseLogger['warn']>) => made().warn(...args),
    info: (...args: Parameters<FastifyBaseLogger['info']>) => made().info(...args),
    debug: (...args: Parameters<FastifyBaseLogger['debug']>) => made().debug(...args),
    trace: (...args: Parameters<FastifyBaseLogger['trace']>) => made().trace(...args),
    silent: (...args: Parameters<FastifyBaseLogger['silent']>) => made().silent(...args),
    child: (moreBindings, moreOptions) => made().child(moreBindings, moreOptions),
  };
};

/** What the request line needs of the logger options: where lines go and from which level. */
interface LineTarget {
  level?: string;
  stream?: { write(line: string): unknown };
}

/** pino's numeric levels: the request line (info, 30) is written at these. */
const writesInfo = new Set(['info', 'debug', 'trace']);

/** The request as the line tells it: what the `req` serializer below gives. */
export type RequestFields = {
  method: string;
  url: string;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
};

/**
 * The JSON of a line's `req` from its parts, exactly as `JSON.stringify` writes RequestFields:
 * the answers written before Fastify keep the client's part per connection (fast-reads/).
 */
export const requestFieldsJson = (method: string, urlJson: string, clientJson: string): string =>
  `{"method":${JSON.stringify(method)},"url":${urlJson}${clientJson}`;

/** The client's part of a line's `req` (`,"host":…}`), remotePort left out when unknown. */
export const clientFieldsJson = (
  host: string,
  remoteAddress: string,
  remotePort: number | undefined,
): string =>
  `,"host":${JSON.stringify(host)},"remoteAddress":${JSON.stringify(remoteAddress)}${
    remotePort === undefined ? '' : `,"remotePort":${remotePort}`
  }}`;

/**
 * `request.ip`, or '' once Node has let go of the request's socket (its connection closed before
 * the answer was logged: an upload refused or abandoned mid-body). Under TRUST_PROXY Fastify's
 * getter reads `socket.remoteAddress` through proxy-addr, which throws on a null socket, and a
 * throw while logging is a throw in the answer's 'finish' listener: it took the process down.
 */
function clientIp(request: FastifyRequest): string {
  const socket = request.raw.socket as Socket | null;
  return socket ? (request.ip ?? '') : '';
}

/** The fields of the request's `req` in the line: what the `req` serializer above gives. */
const requestFields = (request: FastifyRequest): RequestFields => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: clientIp(request),
  remotePort: request.socket?.remotePort,
});

const maxRequestId = 2_147_483_647;
let lastRequestId = 0;

/**
 * Request ids as Fastify makes them (`req-1`, `req-2`, … in base 36), from one counter shared by
 * Fastify (its `genReqId`) and the answers written before Fastify (fast-reads/), so no two lines
 * of the log share an id.
 */
export function nextRequestId(): string {
  lastRequestId = (lastRequestId + 1) & maxRequestId;
  return `req-${lastRequestId.toString(36)}`;
}

/**
 * One line per request, when its answer has gone: the request, the status and the time taken.
 * Fastify's default writes two (one on arrival), which halved the throughput of small answers.
 *
 * The line is the one pino writes (level, time, pid, hostname, reqId, req, res, responseTime,
 * msg), put together here and written to the logger's stream: its fields are the serializers'
 * output (the URL already redacted), so pino's redaction would find nothing, and running it and
 * pino's generic serialising cost more than the rest of a small read. Error lines go
 * through pino as before.
 */
export class OneLinePerRequest extends LogController {
  readonly #stream: LineTarget['stream'];
  readonly #prefix = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  /** `logger`: the options given to Fastify (loggerOptions), whose stream and level it shares. */
  constructor(logger: LineTarget) {
    super();
    this.#stream =
      logger.stream && writesInfo.has(logger.level ?? 'info') ? logger.stream : undefined;
  }

  /** Whether request lines are written at all (not below info): else there is nothing to make. */
  get writes(): boolean {
    return this.#stream !== undefined;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    try {
      if (error) {
        const line = { req: request, res: reply, responseTime: reply.elapsedTime };
        reply.log.error({ ...line, err: error }, 'request errored');
        return;
      }
      this.line(String(request.id), requestFields(request), reply.statusCode, reply.elapsedTime);
    } catch (failure) {
      // Fastify calls this from the answer's 'finish' or 'close' listener, where a throw is
      // uncaught: the answer has gone, so the failure is logged and the process goes on.
      reply.log.error({ err: failure, reqId: request.id }, 'request line failed');
    }
  }

  /** Writes a request's line. */
  line(reqId: string, fields: RequestFields, statusCode: number, responseTime: number): void {
    this.lineOf(reqId, JSON.stringify(fields), statusCode, responseTime);
  }

  /**
   * The same line with its `req` given as JSON (requestFieldsJson): for answers written before
   * Fastify (fast-reads/), which make most of it once per connection.
   */
  lineOf(reqId: string, requestJson: string, statusCode: number, responseTime: number): void {
    this.#stream?.write(
      `{"level":30,"time":${Date.now()}${this.#prefix},"reqId":${JSON.stringify(reqId)},"req":${requestJson},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  }
}
