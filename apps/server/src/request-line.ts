// Each request gets one log line, from Fastify or the fast reads alike, with ids from one counter.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { hostname } from 'node:os';
import { redactUrl } from './log-redaction.ts';

/** What the request line needs of the logger options: where lines go and from which level. */
interface LineTarget {
  level?: string;
  stream?: { write(line: string): unknown };
}

/** pino's numeric levels: the request line (info, 30) is written at these. */
const writesInfo = new Set(['info', 'debug', 'trace']);

/** The request as the line tells it: what requestFields below gives. */
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

/** The fields of the request's `req` in the line: the logger's `req` serializer (logging.ts). */
export const requestFields = (request: FastifyRequest): RequestFields => ({
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
