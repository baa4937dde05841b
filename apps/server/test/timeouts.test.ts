import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Small deadlines so the test is quick; the defaults are the same mechanism at larger values. */
const timeouts = { headers: 600, request: 1_500, keepAlive: 400, idle: 1_000 };

interface Watched {
  socket: Socket;
  received: () => string;
  /** Milliseconds from connecting until the server closed the connection. */
  closed: Promise<number>;
}

function open(port: number): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => {}); // a reset counts as closed, below
    const closed = new Promise<number>((done) =>
      socket.on('close', () => done(Date.now() - started)),
    );
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes or the text is out. */
async function trickle(socket: Socket, text: string, everyMs: number): Promise<number> {
  let sent = 0;
  for (const byte of text) {
    if (socket.destroyed || socket.writableEnded) break;
    socket.write(byte);
    sent++;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return sent;
}

const sleepyHeaders =
  'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ' + 'a'.repeat(200);

// Not about the database: SQLite alone keeps the suite short.
describe('connection time-outs of a listening server', () => {
  const t = useTestApp(sqlite, {
    env: {
      HEADERS_TIMEOUT_MS: String(timeouts.headers),
      REQUEST_TIMEOUT_MS: String(timeouts.request),
      KEEP_ALIVE_TIMEOUT_MS: String(timeouts.keepAlive),
      IDLE_TIMEOUT_MS: String(timeouts.idle),
    },
  });
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('drops a client that sends its headers a byte at a time (slowloris)', async () => {
    const client = await open(port);
    // 250 bytes at one per 100 ms would hold the connection 25 s; the header deadline ends it.
    const sent = await trickle(client.socket, sleepyHeaders, 100);
    const after = await client.closed;
    expect(sent).toBeLessThan(sleepyHeaders.length);
    expect(after).toBeGreaterThanOrEqual(timeouts.headers - 50);
    expect(after).toBeLessThan(timeouts.headers * 5);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('drops a client that sends its body a byte at a time', async () => {
    const client = await open(port);
    client.socket.write(
      'POST /api/v1/locations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n',
    );
    const sent = await trickle(client.socket, '{"name":"' + 'x'.repeat(480) + '"}', 100);
    const after = await client.closed;
    expect(sent).toBeLessThan(490);
    expect(after).toBeGreaterThanOrEqual(timeouts.request - 50);
    expect(after).toBeLessThan(timeouts.request * 3);
  });

  it('closes a kept-alive connection that stays quiet after its answer', async () => {
    const client = await open(port);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const after = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).toMatch(/keep-alive/i);
    // Node keeps an idle keep-alive socket one second past keepAliveTimeout, against races.
    expect(after).toBeGreaterThanOrEqual(timeouts.keepAlive - 50);
    expect(after).toBeLessThan(timeouts.keepAlive + 1_000 + 1_500);
  });

  it('closes a connection that never says a word', async () => {
    const client = await open(port);
    const after = await client.closed;
    expect(after).toBeLessThan(timeouts.idle + 1_000);
  });

  it('still answers a client that keeps to time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
