// s3rver ships no types: this covers what the tests use of it (s3rver 3.x, a Koa app).
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  /** The part of a Koa context the tests read and change. */
  export interface S3rverContext {
    method: string;
    query: Record<string, string | string[] | undefined>;
    body: unknown;
    store: S3rverStore;
  }

  /** Where s3rver keeps objects (its FilesystemStore). */
  export interface S3rverStore {
    deleteObject(bucket: string, key: string): Promise<void>;
  }

  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: S3rverMiddleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
