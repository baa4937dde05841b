import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver, { type S3rverStore } from 's3rver';

export interface TestS3Server {
  bucket: string;
  /** The settings that point the server's config at this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket (under `prefix` when given), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** How many keys each DeleteObjects request named, in order. */
  readonly deleteRequests: number[];
  /** Keys the server will answer AccessDenied for in DeleteObjects (and keep), as S3 may. */
  refuseDeletes(keys: readonly string[]): void;
  close(): Promise<void>;
}

interface DeleteResult {
  DeleteResult?: {
    Deleted?: { Key: string }[];
    Error?: { Key: string; Code: string; Message: string }[];
  };
}

/**
 * s3rver (an S3-compatible server on a free port, storing in a temp folder), with a bucket. It
 * answers every DeleteObjects key as deleted, so a middleware adds S3's per-key refusals.
 */
export async function startS3Server(bucket = 'photos'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fj-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const deleteRequests: number[] = [];
  const refused = new Set<string>();
  // Just before s3rver's router: after its XML encoder (so the answer is still an object here)
  // and with its store at hand, to keep the refused keys in it.
  server.middleware.splice(server.middleware.length - 1, 0, async (ctx, next) => {
    const isDelete = ctx.method === 'POST' && 'delete' in ctx.query;
    if (!isDelete) return next();
    const store = ctx.store;
    ctx.store = Object.create(store, {
      deleteObject: {
        value: (bucketName: string, key: string) =>
          refused.has(key) ? Promise.resolve() : store.deleteObject(bucketName, key),
      },
    }) as S3rverStore;
    await next();
    const result = (ctx.body as DeleteResult | undefined)?.DeleteResult;
    if (!result) return;
    const named = result.Deleted ?? [];
    deleteRequests.push(named.length);
    result.Deleted = named.filter(({ Key }) => !refused.has(Key));
    result.Error = named
      .filter(({ Key }) => refused.has(Key))
      .map(({ Key }) => ({ Key, Code: 'AccessDenied', Message: 'Access Denied' }));
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    deleteRequests,
    refuseDeletes(keys) {
      for (const key of keys) refused.add(key);
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
