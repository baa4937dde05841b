import { exportFileName, type ExportFormat, type Geoprivacy } from '@fj/contract/export';
import { getApiBaseUrl } from './api-base.ts';
import { api } from './api-client.ts';
import { ApiError, apiErrorFrom, NETWORK_CODE, TIMEOUT_CODE } from './api-error.ts';
import { API_TIMEOUT_MS, isOk, type ApiAnswer, type ApiClient } from './http-client.ts';
import { parseBody } from './parse-body.ts';

export interface ExportRequest {
  format: ExportFormat;
  /** Only these spots; all of them when absent. */
  ids?: readonly string[];
  geoprivacy?: Geoprivacy;
}

export interface ExportFile {
  blob: Blob;
  fileName: string;
}

/** The name the server gave in Content-Disposition, else the fallback. */
function fileNameOf(headers: Headers, fallback: string): string {
  return /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The body in chunks, counting bytes as they come (the server streams the file, so there is no
 * length to show a fraction of). Fails once nothing has arrived for API_TIMEOUT_MS: a large
 * export that keeps moving may take as long as it needs.
 */
async function readBody(
  response: Response,
  onProgress: (bytes: number) => void,
  stalled: () => void,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    stalled();
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks, { type });
}

type Client = Pick<ApiClient, 'authorized'>;

/**
 * A GET answered as an attachment, through the one API client's rules (auth wait, bearer, one
 * retry after a 401, the expired-session redirect), read as a file.
 */
async function downloadAttachment(
  path: string,
  fallbackName: string,
  onProgress: (bytes: number) => void,
  client: Client,
): Promise<ExportFile> {
  const url = `${getApiBaseUrl()}${path}`;
  let file: ExportFile | undefined;

  const answer = await client.authorized(async (token): Promise<ApiAnswer> => {
    const controller = new AbortController();
    let timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    const stalled = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    };
    try {
      const response = await fetch(url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'include',
        signal: controller.signal,
      });
      if (!isOk(response.status)) {
        return { status: response.status, ok: false, body: parseBody(await response.text()) };
      }
      const blob = await readBody(response, onProgress, stalled);
      file = { blob, fileName: fileNameOf(response.headers, fallbackName) };
      return { status: response.status, ok: true, body: undefined };
    } catch (error) {
      if (controller.signal.aborted) {
        throw new ApiError(0, TIMEOUT_CODE, `No data for ${API_TIMEOUT_MS / 1000} s`);
      }
      throw new ApiError(0, NETWORK_CODE, error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  });
  if (!answer.ok || !file) throw apiErrorFrom(answer.status, answer.body);
  return file;
}

/** GET /export (docs/files.md#export). `client` is for tests. */
export function downloadExport(
  request: ExportRequest,
  onProgress: (bytes: number) => void = () => {},
  client: Client = api,
): Promise<ExportFile> {
  const query = new URLSearchParams({ format: request.format });
  if (request.ids) query.set('ids', request.ids.join(','));
  if (request.geoprivacy) query.set('geoprivacy', request.geoprivacy);
  const fallback = exportFileName(request.format, today());
  return downloadAttachment(`/export?${query.toString()}`, fallback, onProgress, client);
}

/** GET /backup: the whole account as a ZIP (docs/files.md#backup). */
export function downloadBackup(
  onProgress: (bytes: number) => void = () => {},
  client: Client = api,
): Promise<ExportFile> {
  const fallback = `foraging-journal-backup-${today()}.zip`;
  return downloadAttachment('/backup', fallback, onProgress, client);
}
