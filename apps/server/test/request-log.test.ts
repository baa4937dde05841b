import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from '../src/logging.ts';
import { clientFieldsJson, requestFieldsJson, type RequestFields } from '../src/request-line.ts';
import { sqlite } from './helpers/databases.ts';
import { createTestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe('the request log', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const t = useTestApp(sqlite, { env: { LOG_LEVEL: 'info' }, overrides: { logStream: stream } });

  it('has one line per request, with what was asked, the status and the time', async () => {
    const user = await t.signUp();
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/preferences?x=1',
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: expect.stringMatching(/^req-/),
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/preferences?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines[0])).not.toContain(user.idToken);
    // The fields pino writes, in its order, so the line reads like every other line of the log.
    expect(Object.keys(lines[0] ?? {})).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(lines[0]).toMatchObject({ pid: process.pid, hostname: hostname() });
    // (remotePort too, over a socket; inject() has none.)
    expect(Object.keys((lines[0]?.req ?? {}) as object)).toEqual([
      'method',
      'url',
      'host',
      'remoteAddress',
    ]);
  });

  it('logs a refused request once too', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/locations' });
    expect(res.statusCode).toBe(401);
    await new Promise((resolve) => setImmediate(resolve));
    const forRequest = lines.filter((line) => line.req !== undefined);
    expect(forRequest).toHaveLength(1);
    expect(forRequest[0]).toMatchObject({ res: { statusCode: 401 } });
  });
});

describe("a line's request made from its parts (fast-reads/)", () => {
  it.each<RequestFields>([
    {
      method: 'GET',
      url: '/api/v1/locations',
      host: 'journal.example',
      remoteAddress: '::1',
      remotePort: 51234,
    },
    {
      method: 'GET',
      url: '/a?b="c"\\',
      host: 'h\u00e9"\n',
      remoteAddress: '',
      remotePort: undefined,
    },
  ])('is the very JSON of the fields: %j', (fields) => {
    const made = requestFieldsJson(
      fields.method,
      JSON.stringify(fields.url),
      clientFieldsJson(fields.host, fields.remoteAddress, fields.remotePort),
    );
    expect(made).toBe(JSON.stringify(fields));
  });
});

describe('the log destination', () => {
  it.each([
    ['process.exit()', 2000, 'process.exit(0);'],
    ['its end (nothing left to do)', 10, ''],
    ['a time with nothing written', 10, 'setTimeout(() => process.exit(0), 1000);'],
  ])(
    'writes stdout in the background, and still has every line at %s',
    (_ending, lines, ending) => {
      // A logger as the server makes it, some lines (10 stay gathered), then the ending.
      const script = `
        import pino from 'pino';
        import { loggerOptions } from './src/logging.ts';
        const { stream, ...options } = loggerOptions('info');
        const log = pino(options, stream);
        for (let i = 0; i < ${lines}; i++) log.info({ i }, 'line');
        ${ending}
      `;
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      const written = run.stdout.trim().split('\n');
      expect(written).toHaveLength(lines);
      expect(JSON.parse(written[lines - 1] ?? '{}')).toMatchObject({ i: lines - 1 });
    },
  );
  it('leaves no timer behind once the app is closed', async () => {
    // The log to stdout, as in production: its flush timer is the app's only interval.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const t = await createTestApp(sqlite, { LOG_LEVEL: 'info' });
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      await t.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
  it('hands stdout whole UTF-8 lines in order over many batches', () => {
    // About 1 MB: some sixteen 64 kB batches, each line with characters of two, three and four
    // bytes, so a batch cut inside a character would show as a broken line.
    const script = `
      import pino from 'pino';
      import { loggerOptions } from './src/logging.ts';
      const { stream, ...options } = loggerOptions('info');
      const log = pino(options, stream);
      for (let i = 0; i < 5000; i++) log.info({ i, note: 'Kantarell på ängen, 松茸 🍄 '.repeat(4) }, 'line');
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        encoding: 'utf8',
        // spawnSync stops a child that writes more than 1 MB by default.
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    expect(run.stderr).toBe('');
    const written = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number; note: string });
    expect(written.map((line) => line.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(new Set(written.map((line) => line.note))).toEqual(
      new Set(['Kantarell på ängen, 松茸 🍄 '.repeat(4)]),
    );
  });
});

describe("a request's own logger", () => {
  it('is made on its first line, with the request id and the route level', () => {
    const written: Record<string, unknown>[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) written.push(JSON.parse(line) as Record<string, unknown>);
    });
    const root = pino({ level: 'info' }, stream);
    const child = vi.spyOn(root, 'child');
    const log = lazyChildLogger.call(
      {} as FastifyInstance,
      root,
      { reqId: 'req-7' },
      { level: 'warn' },
      {} as RawRequestDefaultExpression,
    );
    expect(log.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    log.info('below the route level');
    log.warn({ detail: 1 }, 'kept');
    expect(child).toHaveBeenCalledTimes(1);
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(written).toEqual([
          expect.objectContaining({ level: 40, reqId: 'req-7', detail: 1, msg: 'kept' }),
        ]);
        resolve();
      }),
    );
  });
});
