import { photoEntrySchema, type PhotoEntry } from '@fj/contract/photos';
import { reportNetworkFailure } from '../../platform/network-diagnostics.ts';
import { getApiBaseUrl } from './api-base.ts';
import { api } from './api-client.ts';
import { ApiError, NETWORK_CODE, TIMEOUT_CODE } from './api-error.ts';
import { isOk, readAnswer, type ApiAnswer } from './http-client.ts';
import { parseBody } from './parse-body.ts';

/** docs/behaviour.md#constants: an upload fails after this long without progress; a slow one that keeps moving never does. */
export const UPLOAD_STALL_MS = 30_000;

const abortError = () => new DOMException('The upload was aborted.', 'AbortError');

/**
 * One attempt. XMLHttpRequest, not fetch: only it reports upload progress. No overall time-out
 * (a 25 MB photo over a field connection may take minutes); instead it fails once nothing has
 * moved for UPLOAD_STALL_MS: no byte sent, and then no answer.
 */
function send(
  file: File,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const url = `${getApiBaseUrl()}/photos`;
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => xhr.abort();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, UPLOAD_STALL_MS);
    };
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    // Every byte sent: the answer gets the same 30 s to start arriving.
    xhr.upload.onload = watch;
    xhr.onprogress = watch;
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, ok: isOk(xhr.status), body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reportNetworkFailure({ method: 'POST', url, detail: 'photo upload' });
      reject(new ApiError(0, NETWORK_CODE, 'The photo could not be sent: network error'));
    };
    xhr.onabort = () => {
      done();
      if (!stalled) return reject(abortError());
      reportNetworkFailure({ method: 'POST', url, detail: 'photo upload stalled' });
      reject(
        new ApiError(
          0,
          TIMEOUT_CODE,
          `The upload made no progress for ${UPLOAD_STALL_MS / 1000} s`,
        ),
      );
    };
    signal?.addEventListener('abort', onAbort);
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
    watch();
  });
}

/**
 * POST /api/v1/photos with one image (multipart field `file`), reporting progress 0…1, through
 * the API client's rules (auth-ready wait, bearer, one retry on 401, expired session → /login).
 * Rejects with an ApiError carrying the server's code and message (413, 415…), INVALID_RESPONSE
 * when the answer is no photo entry, status 0 with NETWORK_ERROR when no answer came or TIMEOUT
 * when it stalled; an abort rejects with an AbortError.
 */
export async function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PhotoEntry> {
  let attempts = 0;
  const answer = await api.authorized((token) => {
    // The retry after a 401 starts from nothing again.
    if ((attempts += 1) > 1) onProgress(0);
    return send(file, token, onProgress, signal);
  });
  const photo = readAnswer(answer, photoEntrySchema);
  onProgress(1);
  return photo;
}
