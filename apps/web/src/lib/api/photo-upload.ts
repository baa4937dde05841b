import { reportNetworkFailure } from '../../platform/network-diagnostics.ts';
import { photoEntrySchema, type PhotoEntry } from '@fj/contract/photos';
import { IdentityError } from '../identity/identity-error.ts';
import { TOKEN_EXPIRED_CODE } from '../spec-constants.ts';
import { getApiBaseUrl } from './api-base.ts';
import { getAuthToken, tokenCache } from './api-client.ts';
import { ApiError, apiErrorFrom, NETWORK_CODE } from './api-error.ts';
import { redirectToLogin } from './redirect-to-login.ts';
import { parseBody } from './parse-body.ts';

interface Answer {
  status: number;
  body: unknown;
}

const abortError = () => new DOMException('The upload was aborted.', 'AbortError');

/**
 * One attempt. XMLHttpRequest, not fetch: only it reports upload progress. No time-out on
 * purpose: a 25 MB photo over a field connection may well take longer than the API's 30 s.
 */
function send(
  file: File,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    const url = `${getApiBaseUrl()}/photos`;
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reportNetworkFailure({ method: 'POST', url, detail: 'photo upload' });
      reject(new ApiError(0, NETWORK_CODE, 'The photo could not be sent: network error'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The bearer the API client would send; without one the 401 path below gets a fresh one. */
async function currentToken(): Promise<string | null> {
  try {
    return await getAuthToken();
  } catch (error) {
    console.error('Error getting ID token', error);
    return null;
  }
}

/** Same rule as the API client (SPEC.md §8): refresh once; an expired session goes to /login. */
async function refreshedToken(unauthorized: ApiError): Promise<string> {
  try {
    return await getAuthToken(true);
  } catch (error) {
    tokenCache.clear();
    if (error instanceof IdentityError && error.code === TOKEN_EXPIRED_CODE) redirectToLogin();
    throw unauthorized;
  }
}

/**
 * POST /api/v1/photos with one image (multipart field `file`), reporting progress 0…1.
 * Rejects with an ApiError carrying the server's code and message (413, 415…), or status 0
 * and NETWORK_ERROR when no answer came; an abort rejects with an AbortError.
 */
export async function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PhotoEntry> {
  let answer = await send(file, await currentToken(), onProgress, signal);
  if (answer.status === 401) {
    const token = await refreshedToken(apiErrorFrom(answer.status, answer.body));
    onProgress(0);
    answer = await send(file, token, onProgress, signal);
  }
  if (answer.status < 200 || answer.status > 299) throw apiErrorFrom(answer.status, answer.body);
  const photo = photoEntrySchema.safeParse(answer.body);
  if (!photo.success)
    throw new ApiError(answer.status, 'INVALID_RESPONSE', 'The server sent no photo entry');
  onProgress(1);
  return photo.data;
}
