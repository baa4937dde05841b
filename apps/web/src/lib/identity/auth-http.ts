import { readIdentityRefusal } from '@fj/contract/identity';
import { reportNetworkFailure } from '../../platform/network-diagnostics.ts';
import { getApiOrigin } from '../api/api-base.ts';
import { fetchOrEarly } from '../api/early-answer.ts';
import { API_TIMEOUT_MS, deadlineIn } from '../api/request-deadline.ts';
import { serverReachability } from '../api/server-reachability.ts';
import { IdentityError } from './identity-error.ts';
import type { SessionTransport } from './session-transport.ts';

export const NETWORK_ERROR_CODE = 'auth/network-request-failed';

/** An answer other than 2xx; the status lets callers tell "session gone" (401) from the rest. */
export class AuthHttpError extends IdentityError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
  ) {
    super(code, message);
  }
}

/** better-auth answers failures as `{ code, message }`; some paths send only a message. */
function errorFrom(status: number, body: unknown): AuthHttpError {
  const { code, message } = readIdentityRefusal(body);
  return new AuthHttpError(
    status,
    code ?? `HTTP_${status}`,
    message ?? `The identity provider answered ${status}`,
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export type AuthCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

/**
 * One call to /api/auth/*: the session goes along through the transport, failures become
 * IdentityError. It ends within 30 s like every request (docs/behaviour.md#api-client), the
 * answer's body included; no answer by then counts as no response (NETWORK_ERROR_CODE).
 */
export function createAuthCall(transport: SessionTransport): AuthCall {
  return async (method, path, body) => {
    const init = await transport.prepare({
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const url = `${getApiOrigin()}/api/auth${path}`;
    const deadline = deadlineIn(API_TIMEOUT_MS);
    const noResponse = (error: unknown) => {
      const message = deadline.passed()
        ? `No answer within ${API_TIMEOUT_MS} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      serverReachability.noteNoAnswer();
      reportNetworkFailure({ method, url, detail: message });
      return new IdentityError(NETWORK_ERROR_CODE, message);
    };
    try {
      let response: Response;
      try {
        // The session check and the token may have been sent as the app started
        // (app/start-up.ts), with the same session (the native app's goes as a header).
        response = await fetchOrEarly(url, { ...init, signal: deadline.signal });
      } catch (error) {
        throw noResponse(error);
      }
      serverReachability.noteAnswer();
      await transport.receive(response);
      let json: unknown;
      try {
        json = await readJson(response);
      } catch (error) {
        throw noResponse(error);
      }
      if (!response.ok) throw errorFrom(response.status, json);
      return json;
    } finally {
      deadline.clear();
    }
  };
}
