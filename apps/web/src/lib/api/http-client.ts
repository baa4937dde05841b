import { reportNetworkFailure } from '../../platform/network-diagnostics.ts';
import type { IdentityUser } from '../identity/identity.ts';
import { IdentityError, TOKEN_EXPIRED_CODE } from '../identity/identity-error.ts';
import type { AnswerSchema } from '../answer-schema.ts';
import { ApiError, apiErrorFrom, NETWORK_CODE, parseAnswer, TIMEOUT_CODE } from './api-error.ts';
import { serverReachability } from './server-reachability.ts';
import type { AuthReadiness } from './auth-readiness.ts';
import { fetchOrEarly } from './early-answer.ts';
import { createEtagMemory, type HeaderReader, type Remembered } from './etag-memory.ts';
import type { TokenCache } from './token-cache.ts';
import { parseBody } from './parse-body.ts';
import { API_TIMEOUT_MS } from './request-deadline.ts';

export { API_TIMEOUT_MS } from './request-deadline.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What one attempt answered: the status, and the body parsed as JSON when it is JSON. */
export interface ApiAnswer {
  status: number;
  ok: boolean;
  body: unknown;
  /** The answer's headers, where the transport gives them (fetch does). */
  headers?: HeaderReader;
}

/** An answer read with its schema, and the headers it came with. */
export interface ReadWithHeaders<T> {
  data: T;
  header(name: string): string | null;
}

/** One attempt with the bearer token to send (null when nobody is signed in). */
export type Attempt = (token: string | null) => Promise<ApiAnswer>;

/**
 * Each call answers what the contract's schema makes of the body; without a schema it answers
 * `unknown` (a call whose answer only matters as success or failure). Never a cast.
 */
export interface ApiClient {
  get(path: string): Promise<unknown>;
  get<T>(path: string, answer: AnswerSchema<T>): Promise<T>;
  post(path: string, body?: unknown): Promise<unknown>;
  post<T>(path: string, body: unknown, answer: AnswerSchema<T>): Promise<T>;
  put(path: string, body?: unknown): Promise<unknown>;
  put<T>(path: string, body: unknown, answer: AnswerSchema<T>): Promise<T>;
  patch<T>(path: string, body: unknown, answer: AnswerSchema<T>): Promise<T>;
  delete(path: string): Promise<unknown>;
  delete<T>(path: string, answer: AnswerSchema<T>): Promise<T>;
  /** A GET whose caller also reads a header of the answer (GET /locations' Sync-Cursor). */
  getWithHeaders<T>(path: string, answer: AnswerSchema<T>): Promise<ReadWithHeaders<T>>;
  /** Forgets the remembered GET answers and their ETags (logout). */
  forgetAnswers(): void;
  /**
   * Runs a request made elsewhere (the photo upload's XMLHttpRequest) under this client's
   * rules: auth-ready wait, bearer token, one retry on 401, the expired-session redirect.
   * Answers the last attempt's answer; a non-2xx is the caller's to turn into an error.
   */
  authorized(attempt: Attempt): Promise<ApiAnswer>;
}

export interface ApiClientDeps {
  baseUrl: () => string;
  tokens: TokenCache;
  readiness: AuthReadiness;
  currentUser: () => IdentityUser | null;
  onSessionExpired: () => void;
}

/** docs/behaviour.md#validation: any status from 200 to 299 is a success. */
export const isOk = (status: number) => status >= 200 && status <= 299;

const anyAnswer: AnswerSchema<unknown> = {
  safeParse: (input) => ({ success: true, data: input }),
};

/**
 * What a caller gets from an answer, whichever transport carried it: a non-2xx as the server's
 * error, a 2xx through the contract's schema (docs/behaviour.md#error-shape).
 */
export function readAnswer<T>(answer: ApiAnswer, schema: AnswerSchema<T>): T {
  if (!answer.ok) throw apiErrorFrom(answer.status, answer.body);
  return parseAnswer(answer.status, answer.body, schema);
}

/**
 * One attempt, aborted after 30 s (docs/behaviour.md#api-client) (reading the body included).
 * With an ETag, it asks for the answer only if it changed (If-None-Match). A GET the start-up
 * sent early with the same token (app/start-up.ts) is answered by that request, within
 * this attempt's 30 s all the same.
 */
async function send(
  url: string,
  method: Method,
  body: unknown,
  token: string | null,
  etag?: string,
) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (etag) headers['if-none-match'] = etag;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  try {
    const response = await fetchOrEarly(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: controller.signal,
    });
    serverReachability.noteAnswer();
    const answer: ApiAnswer = {
      status: response.status,
      ok: isOk(response.status),
      body: parseBody(await response.text()),
      headers: response.headers,
    };
    return answer;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    serverReachability.noteNoAnswer();
    // No response at all: on the native app, log why that may be (docs/behaviour.md#error-catalogue).
    reportNetworkFailure({
      method,
      url,
      detail: controller.signal.aborted ? 'timed out' : message,
    });
    if (controller.signal.aborted)
      throw new ApiError(0, TIMEOUT_CODE, `Request timed out after ${API_TIMEOUT_MS} ms`);
    throw new ApiError(0, NETWORK_CODE, message);
  } finally {
    clearTimeout(timer);
  }
}

/** The one API client (docs/behaviour.md#api-client): auth wait, cached bearer token, one retry on 401. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function bearer(): Promise<string | null> {
    if (!deps.currentUser()) return null;
    try {
      return await deps.tokens.get();
    } catch (error) {
      // Sent without a token: the 401 path below refreshes it or ends the session.
      console.error('Error getting ID token', error);
      return null;
    }
  }

  async function refreshAfter401(unauthorized: ApiError): Promise<string> {
    try {
      return await deps.tokens.get(true);
    } catch (error) {
      deps.tokens.clear();
      if (error instanceof IdentityError && error.code === TOKEN_EXPIRED_CODE)
        deps.onSessionExpired();
      console.error('Token refresh after 401 failed', error);
      throw unauthorized;
    }
  }

  async function authorized(attempt: Attempt): Promise<ApiAnswer> {
    await deps.readiness.wait();
    const answer = await attempt(await bearer());
    if (answer.status !== 401) return answer;
    return attempt(await refreshAfter401(apiErrorFrom(answer.status, answer.body)));
  }

  const remembered = createEtagMemory<ApiAnswer>();

  /**
   * A GET sends the ETag of the answer it remembers for the URL (docs/behaviour.md#api-client);
   * a 304 then stands for that answer, read again with the caller's schema.
   */
  async function exchange(method: Method, path: string, body: unknown): Promise<ApiAnswer> {
    const url = `${deps.baseUrl()}${path}`;
    if (method !== 'GET') return authorized((token) => send(url, method, body, token));
    // Whose answers to recall is known once auth is ready, as the token is: inside the attempt.
    let uid: string | null = null;
    let kept: Remembered<ApiAnswer> | undefined;
    const answer = await authorized((token) => {
      uid = deps.currentUser()?.uid ?? null;
      kept = remembered.recall(url, uid);
      return send(url, method, body, token, kept?.etag);
    });
    if (answer.status === 304 && kept) {
      const fresh = answer.headers;
      const old = kept.answer.headers;
      return {
        ...kept.answer,
        headers: { get: (name) => fresh?.get(name) ?? old?.get(name) ?? null },
      };
    }
    const etag = answer.ok ? answer.headers?.get('etag') : null;
    if (etag) remembered.remember(url, uid, etag, answer);
    else remembered.forget(url);
    return answer;
  }

  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    schema: AnswerSchema<T>,
  ): Promise<T> {
    return readAnswer(await exchange(method, path, body), schema);
  }

  return {
    get: <T>(path: string, answer?: AnswerSchema<T>) =>
      request('GET', path, undefined, answer ?? anyAnswer),
    post: <T>(path: string, body?: unknown, answer?: AnswerSchema<T>) =>
      request('POST', path, body, answer ?? anyAnswer),
    put: <T>(path: string, body?: unknown, answer?: AnswerSchema<T>) =>
      request('PUT', path, body, answer ?? anyAnswer),
    patch: <T>(path: string, body: unknown, answer: AnswerSchema<T>) =>
      request('PATCH', path, body, answer),
    delete: <T>(path: string, answer?: AnswerSchema<T>) =>
      request('DELETE', path, undefined, answer ?? anyAnswer),
    async getWithHeaders<T>(path: string, schema: AnswerSchema<T>) {
      const answer = await exchange('GET', path, undefined);
      const data = readAnswer(answer, schema);
      return { data, header: (name: string) => answer.headers?.get(name) ?? null };
    },
    forgetAnswers: () => remembered.clear(),
    authorized,
  };
}
