import type { ErrorBody } from '@fj/contract/errors';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Call = (
  method: Method,
  url: string,
  payload?: object | string,
) => Promise<LightMyRequestResponse>;

/** A caller of /api/v1 with fixed headers (a user's `auth`, or none at all). */
export function apiClient(app: FastifyInstance, headers: Record<string, string> = {}): Call {
  return (method, url, payload) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
}

/** The `error` part of an answer in the one error shape, or a failed expectation. */
export function errorOf(res: LightMyRequestResponse): ErrorBody['error'] {
  const body = res.json<Partial<ErrorBody>>();
  if (!body.error) throw new Error(`not an error answer: ${res.statusCode} ${res.body}`);
  return body.error;
}

/** The field names a 400 answer blames. */
export function fieldsOf(res: LightMyRequestResponse): string[] {
  return Object.keys(errorOf(res).fields ?? {});
}
