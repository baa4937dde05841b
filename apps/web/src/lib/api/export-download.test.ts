import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { downloadBackup, downloadExport } from './export-download.ts';
import type { ApiAnswer, Attempt } from './http-client.ts';

/** A client whose rules are the attempt itself, with a token. */
const client = { authorized: (attempt: Attempt): Promise<ApiAnswer> => attempt('the-token') };

/** A streamed answer: each part arrives as a chunk of its own. */
function streamed(parts: string[], headers: Record<string, string>, status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('downloadExport', () => {
  it('asks GET /export with the bearer, reads the file in chunks with progress, and names it as the server did', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        streamed(['{"type":', '"FeatureCollection"}'], {
          'content-type': 'application/geo+json; charset=utf-8',
          'content-disposition': 'attachment; filename="foraging-journal-2026-11-24.geojson"',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const progress: number[] = [];
    const file = await downloadExport(
      { format: 'geojson', ids: ['a', 'b'] },
      (bytes) => progress.push(bytes),
      client,
    );
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/export?format=geojson&ids=a%2Cb');
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({ authorization: 'Bearer the-token' });
    expect(await file.blob.text()).toBe('{"type":"FeatureCollection"}');
    expect(file.blob.type).toBe('application/geo+json; charset=utf-8');
    expect(file.fileName).toBe('foraging-journal-2026-11-24.geojson');
    expect(progress).toEqual([8, 28]);
  });

  it("turns the server's refusal into its ApiError", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'format: bad' } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    const failure = await downloadExport({ format: 'gpx' }, undefined, client).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('fails with a time-out once nothing has arrived for 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init?: RequestInit) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const failure = downloadExport({ format: 'kml' }, undefined, client).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await failure).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('asks GET /backup for the ZIP, named by the server or, failing that, for today', async () => {
    const fetch = vi.fn((_url: string) =>
      Promise.resolve(streamed(['PK'], { 'content-type': 'application/zip' })),
    );
    vi.stubGlobal('fetch', fetch);
    const file = await downloadBackup(undefined, client);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/backup');
    expect(file.fileName).toMatch(/^foraging-journal-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await file.blob.text()).toBe('PK');
  });
});
