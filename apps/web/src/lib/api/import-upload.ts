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

/** The file an import sends, and for a CSV the column mapping (ours → the file's). */
export interface ImportRequest {
  file: File;
  mapping?: Readonly<Record<string, string>> | undefined;
}

export type ImportProgress = (fraction: number) => void;

export type ImportClient = Pick<ApiClient, 'authorized'>;

/** How an upload to POST /import is named to people: its 413, and the thing sent. */
export interface ImportUploadWords {
  tooLarge: string;
  what: string;
}

/** The server's 413 names its parser's limit; people are told what it means for them. */
const IMPORT_WORDS: ImportUploadWords = {
  tooLarge: 'The file is larger than this server takes in one import. Split it into smaller files.',
  what: 'file',
};

/**
 * POST /import (with `?preview=true`, the preview) as a multipart upload: the mapping field,
 * then the file, whose name tells the server its format (a backup ZIP is told by its contents:
 * restore-upload.ts). Through the API client's rules, with upload progress 0…1
 * (docs/files.md#import).
 */
export async function sendToImport(
  request: ImportRequest,
  preview: boolean,
  onProgress: ImportProgress,
  client: ImportClient,
  words: ImportUploadWords = IMPORT_WORDS,
): Promise<ApiAnswer> {
  let attempts = 0;
  const answer = await client.authorized((token) => {
    // The retry after a 401 starts from nothing again.
    if ((attempts += 1) > 1) onProgress(0);
    const form = new FormData();
    // Before the file: the server reads the fields that come ahead of it.
    if (request.mapping) form.append('mapping', JSON.stringify(request.mapping));
    form.append('file', request.file, request.file.name);
    const url = `${getApiBaseUrl()}/import${preview ? '?preview=true' : ''}`;
    return xhrUpload({ url, form, token, onProgress, what: words.what });
  });
  if (answer.status === 413) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', words.tooLarge);
  return answer;
}

/** What importing the file would create, skip and refuse; the server writes nothing. */
export async function previewImport(
  request: ImportRequest,
  onProgress: ImportProgress = () => {},
  client: ImportClient = api,
): Promise<ImportPreview> {
  const answer = await sendToImport(request, true, onProgress, client);
  return readAnswer(answer, importPreviewSchema);
}

/** Imports the file in one transaction: every new spot and entry, or nothing. */
export async function runImport(
  request: ImportRequest,
  onProgress: ImportProgress = () => {},
  client: ImportClient = api,
): Promise<ImportResult> {
  const answer = await sendToImport(request, false, onProgress, client);
  return readAnswer(answer, importResultSchema);
}
