import { reportNetworkFailure } from '../../platform/network-diagnostics.ts';
import { ApiError, NETWORK_CODE, TIMEOUT_CODE } from './api-error.ts';
import { isOk, type ApiAnswer } from './http-client.ts';
import { parseBody } from './parse-body.ts';

/** docs/behaviour.md#constants: an upload fails after this long without progress; a slow one that keeps moving never does. */
export const UPLOAD_STALL_MS = 30_000;

export const abortError = () => new DOMException('The upload was aborted.', 'AbortError');

export interface XhrUpload {
  url: string;
  form: FormData;
  token: string | null;
  onProgress(fraction: number): void;
  signal?: AbortSignal | undefined;
  /** What is sent, in the network-error message: "The photo could not be sent". */
  what: string;
}

/**
 * One POST of a multipart form. XMLHttpRequest, not fetch: only it reports upload progress.
 * No overall time-out (a 25 MB file over a field connection may take minutes); instead it
 * fails once nothing has moved for UPLOAD_STALL_MS: no byte sent, and then no answer. Callers
 * run it through `api.authorized` and read the answer with `readAnswer`, as every call does.
 */
export function xhrUpload({ url, form, token, onProgress, signal, what }: XhrUpload) {
  return new Promise<ApiAnswer>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
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
    // Every byte sent (a small body may have had no progress event): the bar is full, and the
    // answer gets the same 30 s to start arriving.
    xhr.upload.onload = () => {
      onProgress(1);
      watch();
    };
    xhr.onprogress = watch;
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, ok: isOk(xhr.status), body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reportNetworkFailure({ method: 'POST', url, detail: `${what} upload` });
      reject(new ApiError(0, NETWORK_CODE, `The ${what} could not be sent: network error`));
    };
    xhr.onabort = () => {
      done();
      if (!stalled) return reject(abortError());
      reportNetworkFailure({ method: 'POST', url, detail: `${what} upload stalled` });
      reject(
        new ApiError(
          0,
          TIMEOUT_CODE,
          `The upload made no progress for ${UPLOAD_STALL_MS / 1000} s`,
        ),
      );
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
    watch();
  });
}
