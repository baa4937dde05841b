import { parseWith, type AnswerSchema } from '../answer-schema.ts';

/** Codes for failures that never reached the server's error shape. */
export const TIMEOUT_CODE = 'TIMEOUT';
export const NETWORK_CODE = 'NETWORK_ERROR';
/** A 2xx whose body does not match the contract's schema for that answer. */
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

/** Every API failure: the server's `{ error: { code, message, fields } }`, or a client-side reason. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/** Reads the contract's error shape; anything else (a proxy's HTML page…) still gives a usable error. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const code = typeof error.code === 'string' ? error.code : `HTTP_${status}`;
  const message =
    typeof error.message === 'string' ? error.message : `Request failed with status ${status}`;
  return new ApiError(status, code, message, stringFields(error.fields));
}

/**
 * A 2xx answer through its contract schema. A body that does not match becomes the one error
 * shape too, so callers handle a malformed answer as they handle a refused request.
 */
export function parseAnswer<T>(status: number, body: unknown, schema: AnswerSchema<T>): T {
  return parseWith(
    schema,
    body,
    (mismatch) =>
      new ApiError(
        status,
        INVALID_RESPONSE_CODE,
        `The server sent an answer this app cannot read (${mismatch})`,
      ),
  );
}
