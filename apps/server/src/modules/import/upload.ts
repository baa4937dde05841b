import type { ImportFormat } from '@fj/contract/import';
import { importFormats } from '@fj/contract/import';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { importError } from './errors.ts';
import { csvMappingOf, formatOf, type ImportFile } from './service.ts';

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

/**
 * The file of an import: the raw body, or a multipart/form-data upload's one file (its
 * `format` and `mapping` fields, sent before it, count as the query's). A multipart body the
 * parser cannot read is 400; one past maxBytes keeps its 413 (errors.ts).
 */
export async function readImportFile(
  request: FastifyRequest,
  query: ImportQuery,
  maxBytes: number,
): Promise<ImportFile> {
  if (!request.isMultipart()) {
    return {
      format: formatOf(query.format, query.filename),
      bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      mapping: csvMappingOf(query.mapping),
    };
  }
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw importError('No file in the upload');
    const bytes = await file.toBuffer();
    const format = fieldValue(file.fields, 'format') ?? query.format;
    if (format !== undefined && !(importFormats as readonly string[]).includes(format))
      throw importError(`format: one of ${importFormats.join(', ')}`);
    return {
      format: formatOf(format as ImportFormat | undefined, query.filename ?? file.filename),
      bytes,
      mapping: csvMappingOf(fieldValue(file.fields, 'mapping') ?? query.mapping),
    };
  } catch (error) {
    if (error instanceof AppError || (error as { code?: unknown }).code) throw error;
    throw importError('The upload is not readable multipart/form-data');
  }
}
