import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { isSafeKey, type PhotoStorage } from './photo-storage.ts';

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
      if (keys.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: checked(key) })), Quiet: true },
        }),
      );
    },
  };
}
