import { readIdentityRefusal } from '@fj/contract/identity';
import { reportNetworkFailure } from '../../platform/network-diagnostics.ts';
import { getApiOrigin } from '../api/api-base.ts';
import { takeEarly } from '../api/early-answer.ts';
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

/** One call to /api/auth/*: the session goes along through the transport, failures become IdentityError. */
export function createAuthCall(transport: SessionTransport): AuthCall {
  return async (method, path, body) => {
    const init = await transport.prepare({
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let response: Response;
    const url = `${getApiOrigin()}/api/auth${path}`;
    try {
      // The session check and the token may have been sent as the app started
      // (app/early-warm-up.ts), with the same session (the native app's goes as a header).
      const authorization = new Headers(init.headers).get('authorization');
      const early = method === 'GET' ? takeEarly(url, authorization) : null;
      response = (early && (await early)) ?? (await fetch(url, init));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reportNetworkFailure({ method, url, detail: message });
      throw new IdentityError(NETWORK_ERROR_CODE, message);
    }
    await transport.receive(response);
    const json = await readJson(response);
    if (!response.ok) throw errorFrom(response.status, json);
    return json;
  };
}
