import {
  importPreviewSchema,
  importResultSchema,
  type ImportPreview,
  type ImportResult,
} from '@fj/contract/import';
import { getApiBaseUrl } from './api-base.ts';
import { api } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { readAnswer, type ApiAnswer, type ApiClient } from './http-client.ts';
import { xhrUpload } from './xhr-upload.ts';

export type RestoreProgress = (fraction: number) => void;

type Client = Pick<ApiClient, 'authorized'>;

const TOO_LARGE_MESSAGE =
  'The backup is larger than this server takes (RESTORE_MAX_MB). Ask its administrator to raise it.';

/**
 * A backup ZIP to POST /import (with `?preview=true`, the preview) as a multipart upload; the server tells a
 * backup from its contents (docs/behaviour.md#restore). Through the API client's rules, with
 * upload progress 0…1.
 */
async function send(
  file: File,
  path: '/import?preview=true' | '/import',
  onProgress: RestoreProgress,
  client: Client,
): Promise<ApiAnswer> {
  let attempts = 0;
  const answer = await client.authorized((token) => {
    // The retry after a 401 starts from nothing again.
    if ((attempts += 1) > 1) onProgress(0);
    const form = new FormData();
    form.append('file', file, file.name);
    return xhrUpload({ url: `${getApiBaseUrl()}${path}`, form, token, onProgress, what: 'backup' });
  });
  if (answer.status === 413) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  return answer;
}

/** What restoring the backup would add and skip; the server writes nothing. */
export async function previewRestore(
  file: File,
  onProgress: RestoreProgress = () => {},
  client: Client = api,
): Promise<ImportPreview> {
  return readAnswer(
    await send(file, '/import?preview=true', onProgress, client),
    importPreviewSchema,
  );
}

/** Restores the backup: every new spot, entry and photo in one transaction, or nothing. */
export async function runRestore(
  file: File,
  onProgress: RestoreProgress = () => {},
  client: Client = api,
): Promise<ImportResult> {
  return readAnswer(await send(file, '/import', onProgress, client), importResultSchema);
}
