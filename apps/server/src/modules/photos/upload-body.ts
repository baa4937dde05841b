import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

export interface UploadedFile {
  filename: string | undefined;
  bytes: Buffer;
}

const malformed = () =>
  new AppError('VALIDATION_FAILED', 'body: malformed multipart/form-data', {
    body: 'malformed multipart/form-data',
  });

/**
 * The one file of a multipart upload. The multipart parser throws plain errors (no code, no
 * status) when the body does not match its boundary or ends early: those are the caller's
 * fault, so they become a 400. Errors with a Fastify code (file too large, too many parts) keep
 * their own mapping in errors.ts.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'body: send the image as multipart/form-data', {
      body: 'multipart/form-data expected',
    });
  }
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) {
      throw new AppError('VALIDATION_FAILED', 'file: no file in the upload', { file: 'required' });
    }
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if (error instanceof AppError || (error as { code?: unknown }).code) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw malformed();
  }
}
