import type { ImportFormat } from '@fj/contract/import';
import { importFormats } from '@fj/contract/import';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { importError } from '../../lib/import-error.ts';
import { csvMappingOf, formatOf, type ImportFile } from './service.ts';
import { spool, type SpoolLimits, type SpooledFile } from './spool.ts';

export interface ImportQuery {
  format?: ImportFormat | undefined;
  filename?: string | undefined;
  mapping?: string | undefined;
}

/** A multipart field's value, when it was sent before the file (the parser reads in order). */
function fieldValue(fields: Record<string, unknown>, name: string): string | undefined {
  const field = fields[name] as { type?: string; value?: unknown } | undefined;
  return field?.type === 'field' && typeof field.value === 'string' ? field.value : undefined;
}

/** The raw body, as the import routes' content-type parser spooled it. */
export function isSpooled(body: unknown): body is SpooledFile {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as SpooledFile).path === 'string' &&
    typeof (body as SpooledFile).remove === 'function'
  );
}

/** An upload: an account's backup ZIP (restored from its file on disk), or a file to import. */
export type Upload =
  | { kind: 'backup'; spooled: SpooledFile }
  | { kind: 'file'; spooled: SpooledFile; file: ImportFile };

const zipSignature = 0x04034b50;

/**
 * The format is told from the file: a ZIP is an account's backup unless it was named a KMZ
 * (by format=kmz or a .kmz name); anything else is a file within IMPORT_MAX_MB, streamed from
 * where it was spooled by its format's reader.
 */
function classify(
  spooled: SpooledFile,
  format: ImportFormat | undefined,
  filename: string | undefined,
  mapping: string | undefined,
  maxBytes: number,
): Upload {
  const isZip = spooled.head.length >= 4 && spooled.head.readUInt32LE(0) === zipSignature;
  const namedKmz = format === 'kmz' || filename?.toLowerCase().endsWith('.kmz') === true;
  if (isZip && !namedKmz && format === undefined) return { kind: 'backup', spooled };
  if (spooled.size > maxBytes)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
    );
  return {
    kind: 'file',
    spooled,
    file: {
      format: formatOf(format, filename),
      path: spooled.path,
      mapping: csvMappingOf(mapping),
    },
  };
}

/**
 * The file of an import: the raw body (spooled to a temporary file by the routes' parser), or a
 * multipart/form-data upload's one file, spooled here (its `format` and `mapping` fields, sent
 * before it, count as the query's). A multipart body the parser cannot read is 400; one past
 * the limits keeps its 413 (errors.ts). The caller removes the spooled file.
 */
export async function readImportUpload(
  request: FastifyRequest,
  query: ImportQuery,
  limits: SpoolLimits,
): Promise<Upload> {
  if (!request.isMultipart()) {
    if (!isSpooled(request.body)) throw importError('No file in the request body');
    return classify(request.body, query.format, query.filename, query.mapping, limits.maxBytes);
  }
  let spooled: SpooledFile | undefined;
  try {
    const file = await request.file({ limits: { fileSize: limits.maxZipBytes, files: 1 } });
    if (!file) throw importError('No file in the upload');
    const format = fieldValue(file.fields, 'format') ?? query.format;
    if (format !== undefined && !(importFormats as readonly string[]).includes(format))
      throw importError(`format: one of ${importFormats.join(', ')}`);
    spooled = await spool(file.file, limits);
    // busboy stops at fileSize and marks the stream truncated rather than failing it.
    if (file.file.truncated)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than ${Math.round(limits.maxZipBytes / 1024 / 1024)} MB`,
      );
    return classify(
      spooled,
      format as ImportFormat | undefined,
      query.filename ?? file.filename,
      fieldValue(file.fields, 'mapping') ?? query.mapping,
      limits.maxBytes,
    );
  } catch (error) {
    await spooled?.remove();
    if (error instanceof AppError || (error as { code?: unknown }).code) throw error;
    throw importError('The upload is not readable multipart/form-data');
  }
}
