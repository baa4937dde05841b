import type { ErrorBody, ErrorCode } from '@fj/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
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

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
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
};

function toFields(error: FastifyError): Record<string, string> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
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
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    const fields = toFields(error);
    if (fields) {
      const message = Object.entries(fields)
        .map(([field, text]) => `${field}: ${text}`)
        .join('; ');
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
  errorBody('NOT_FOUND', `No route for ${method} ${url.split('?')[0]}`);
