import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import {
  isSafeKey,
  StorageDeleteError,
  type PhotoStorage,
  type StorageDeleteFailure,
} from './photo-storage.ts';

/** The most keys one DeleteObjects request may name (S3's limit). */
export const deleteBatchSize = 1000;

type S3Config = Extract<Config['storage'], { kind: 's3' }>;

/**
 * The AWS SDK is large: it is loaded here, when a bucket is configured, and never at the start of
 * a server that keeps its photos in a folder (the server's build keeps this import lazy).
 */
export async function createS3Storage(config: S3Config): Promise<PhotoStorage> {
  const { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return key;
  };
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: checked(key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: checked(key) }),
        );
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(keys) {
      // S3 takes at most 1,000 keys per DeleteObjects; each batch answers per key, and a key it
      // could not delete is an entry in Errors of a 200 answer, not a thrown error.
      const failures: StorageDeleteFailure[] = [];
      for (let start = 0; start < keys.length; start += deleteBatchSize) {
        const batch = keys.slice(start, start + deleteBatchSize);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: config.bucket,
            Delete: { Objects: batch.map((key) => ({ Key: checked(key) })), Quiet: true },
          }),
        );
        for (const error of answer.Errors ?? []) {
          failures.push({ key: error.Key ?? '', code: error.Code ?? 'Unknown' });
        }
      }
      if (failures.length > 0) throw new StorageDeleteError(failures);
    },
  };
}
