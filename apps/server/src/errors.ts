import type { ErrorBody, ErrorCode } from '@fj/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  // 403, not 409 or 413: the request is well-formed and its target free, but this account may
  // store no more; repeating it unchanged will not help, freeing space will.
  QUOTA_EXCEEDED: 403,
  // 503 with Retry-After: the server is briefly saturated, the same request will succeed later.
  SERVER_BUSY: 503,
  INTERNAL: 500,
};

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  readonly status: number;
  /** Sent as Retry-After, for errors that pass once the caller waits (503 busy, for one). */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const badField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, { [field]: message });

/**
 * An error answer names at most 20 fields, each name and text cut short, so it stays far under
 * 16 kB (20 × (200 + 200) + 1,000 bytes) however many issues the input had.
 */
export const errorAnswerLimits = { fields: 20, fieldName: 200, text: 200, message: 1_000 };

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function clampFields(fields: Record<string, string>): Record<string, string> {
  const kept = Object.entries(fields).slice(0, errorAnswerLimits.fields);
  return Object.fromEntries(
    kept.map(([name, text]) => [
      clip(name, errorAnswerLimits.fieldName),
      clip(text, errorAnswerLimits.text),
    ]),
  );
}

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  const text = clip(message, errorAnswerLimits.message);
  return {
    error: fields ? { code, message: text, fields: clampFields(fields) } : { code, message: text },
  };
}

/** Fastify's own error codes that map to a client error of ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_BAD_URL: 'VALIDATION_FAILED',
  FST_ERR_MAX_PARAM_LENGTH: 'VALIDATION_FAILED',
  FST_PROTO_VIOLATION: 'VALIDATION_FAILED',
  FST_CONSTRUCTOR_VIOLATION: 'VALIDATION_FAILED',
};

function toFields(error: FastifyError): Record<string, string> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    // Enough to tell the caller what to fix; the rest would only make the answer big.
    if (Object.keys(fields).length >= errorAnswerLimits.fields) break;
    const context = error.validationContext ?? 'body';
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    // Body fields are named bare ("name"), others with their place ("params.id").
    const field = context === 'body' ? path || 'body' : [context, path].filter(Boolean).join('.');
    fields[field] ??= issue.message ?? 'invalid';
  }
  return fields;
}

/** One error shape for every failure; 5xx texts stay in the log, never in the answer. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A request refused before its body was read to the end (a multipart upload past its
    // limit): the rest of the body would be taken for the next request on the connection, or
    // hold it until a time-out, so this answer ends it (as Fastify's own body parsers do).
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    const fields = toFields(error);
    if (fields) {
      const more = (error.validation?.length ?? 0) - Object.keys(fields).length;
      const message =
        Object.entries(fields)
          .slice(0, 5)
          .map(([field, text]) => `${field}: ${text}`)
          .join('; ') + (more > 0 ? ` (and ${more} more)` : '');
      return reply.status(400).send(errorBody('VALIDATION_FAILED', message, fields));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      return reply.status(statusByCode[mapped]).send(errorBody(mapped, error.message));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(errorBody('RATE_LIMITED', 'Too many requests, try again later'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('VALIDATION_FAILED', 'Bad request'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side'));
  });
}

export const routeNotFound = (method: string, url: string) =>
  errorBody('NOT_FOUND', `No route for ${method} ${clip(url.split('?')[0] ?? '', 200)}`);

/**
 * Fastify answers a malformed URL or an over-long path parameter itself, before any route or
 * error handler; this puts those answers in the one error shape too.
 */
export const frameworkErrors = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'Malformed URL';
  reply.status(status).send(errorBody('VALIDATION_FAILED', message));
};
