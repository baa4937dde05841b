import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';

/** A file's SHA-256 in hex, as the backup's manifest writes it ('missing' for no file). */
export const sha256 = (bytes: Buffer | null): string =>
  bytes ? createHash('sha256').update(bytes).digest('hex') : 'missing';

/** Every file of a ZIP, in archive order, read back with yauzl (which checks each CRC-32). */
export function unzip(buffer: Buffer): Promise<[string, Buffer][]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files: [string, Buffer][] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.push([entry.fileName, Buffer.concat(chunks)]);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A ZIP of these files in this order, made with yazl (the backup's own writer). */
export async function zipOf(
  files: Iterable<readonly [string, string | Buffer]> | Record<string, string | Buffer>,
): Promise<Buffer> {
  const zip = new ZipFile();
  const list = Symbol.iterator in files ? files : Object.entries(files);
  for (const [name, body] of list) {
    zip.addBuffer(typeof body === 'string' ? Buffer.from(body) : body, name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
