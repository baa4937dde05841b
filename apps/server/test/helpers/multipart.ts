import { randomBytes } from 'node:crypto';

export interface MultipartPart {
  name: string;
  /** Set for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipartBody(parts: readonly MultipartPart[]): MultipartBody {
  const boundary = `----fj-test-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename.replaceAll('"', '%22')}"`
      : `form-data; name="${part.name}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
