// RSS of a real server process while it takes 20 uploads of a 24 MP JPEG.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ensureBuilds, repoRoot, serverCommand } from './processes.ts';

export interface PhotoMemoryFigures {
  /** RSS of the server, started and signed in to, before any upload (MiB). */
  idleRssMiB: number;
  /** Peak RSS during the uploads minus the idle RSS (MiB). */
  growthMiB: number;
  uploads: number;
  statuses: Record<number, number>;
  jpegMiB: number;
}

const uploads = 20;
/** Uploads in flight at once: the decode slots plus the queue, so none should be refused. */
const clients = 4;

/** A 6000×4000 (24 MP) JPEG with some texture, so it compresses like a photo rather than a flat fill. */
async function makeBigJpeg(): Promise<Buffer> {
  const texture = await sharp({
    create: {
      width: 600,
      height: 400,
      channels: 3,
      background: '#4a6b3a',
      noise: { type: 'gaussian', mean: 110, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(texture)
    .resize(6000, 4000, { kernel: 'cubic' })
    .composite([
      {
        input: Buffer.from(
          '<svg width="6000" height="4000"><circle cx="3000" cy="2000" r="1400" fill="#d9a03f"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Linux's view of a process's memory: VmRSS now, VmHWM the peak since it started (MiB). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** A GET's bytes, time to its last byte, and the server's peak RSS above its RSS before it. */
export interface Download {
  growthMiB: number;
  ms: number;
  bytes: number;
}

/** One GET read to its end in chunks, measured as `Download` says. */
export async function download(
  url: string,
  headers: Record<string, string>,
  pid: number,
): Promise<Download> {
  // "5" resets VmHWM to the current RSS, so the peak is this request's alone.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = memoryOf(pid).rss;
  const start = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  return { growthMiB: memoryOf(pid).peak - before, ms: performance.now() - start, bytes };
}

/**
 * The environment of a server whose memory is measured: as `npm start` runs it (production,
 * MALLOC_ARENA_MAX=2), on SQLite in `dataDir` whatever the caller's DATABASE_URL says, with no
 * rate limit in the way.
 */
export function memoryServerSettings(dataDir: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return {
    ...env,
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '1000000000',
  };
}

async function waitHealthy(base: string, server: ChildProcess): Promise<void> {
  const start = Date.now();
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    if (Date.now() - start > 30_000) throw new Error('server did not become healthy in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(base: string): Promise<string> {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    // better-auth wants an Origin it trusts, as a browser on PUBLIC_URL would send.
    headers: { 'content-type': 'application/json', origin: base.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({ email: 'bench@example.com', password: 'chanterelle', name: 'bench' }),
  });
  const session = signUp.headers.get('set-auth-token');
  if (!session) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const token = await fetch(`${base}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  return ((await token.json()) as { token: string }).token;
}

export async function measurePhotoMemory(): Promise<PhotoMemoryFigures> {
  const jpeg = await makeBigJpeg();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-photos-'));
  const port = 40_000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  // SQLite, whatever the caller's environment says: the figure is about images, not the database.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  ensureBuilds();
  const server = spawn(process.execPath, [...serverCommand], {
    cwd: repoRoot,
    env: {
      // As `npm start` (scripts/start.mjs) runs it.
      MALLOC_ARENA_MAX: '2',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    await waitHealthy(base, server);
    const token = await signIn(base);
    const pid = server.pid ?? 0;
    // "5" resets VmHWM to the current RSS, so the peak below is the uploads' alone.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const idle = memoryOf(pid).rss;
    const statuses: Record<number, number> = {};
    let next = 0;
    const client = async () => {
      while (next < uploads) {
        next += 1;
        const form = new FormData();
        form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'big.jpg');
        const res = await fetch(`${base}/api/v1/photos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    return {
      idleRssMiB: idle,
      growthMiB: memoryOf(pid).peak - idle,
      uploads,
      statuses,
      jpegMiB: jpeg.length / 2 ** 20,
    };
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/photo-memory.ts` runs this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measurePhotoMemory());
}
