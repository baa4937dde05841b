import { photoEntrySchema, type PhotoEntry } from '@fj/contract/photos';
import { getApiBaseUrl } from './api-base.ts';
import { api } from './api-client.ts';
import { readAnswer } from './http-client.ts';
import { xhrUpload } from './xhr-upload.ts';

export { UPLOAD_STALL_MS } from './xhr-upload.ts';

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
    const form = new FormData();
    form.append('file', file, file.name);
    const url = `${getApiBaseUrl()}/photos`;
    return xhrUpload({ url, form, token, onProgress, signal, what: 'photo' });
  });
  const photo = readAnswer(answer, photoEntrySchema);
  onProgress(1);
  return photo;
}
