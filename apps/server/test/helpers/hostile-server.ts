// The server of the hostile-files suite: the build, started as `npm start` starts it (production
// mode, SQLite in a temporary DATA_DIR), and the measure of one request against it: its status
// and time, the server's peak RSS growth, the longest event-loop block seen from outside, and
// whether the process outlived it. A server that dies, is killed at the memory cap or still
// works on a request the client gave up on is replaced by a new one on the same data.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { freePort, startChildServer, type ChildServer } from './child-server.ts';
import type { Answer, Send, Target } from './hostile-requests.ts';

export interface HostileServerOptions {
  dataDir: string;
  env: Record<string, string>;
  /** The server is killed when its RSS passes this (the machine is shared). */
  rssCapMb: number;
}

/** What one request did to the server. */
export interface Measurement {
  answer: Answer;
  /** `answered`, `crashed` (exited by itself), `killed at the RSS cap`, `timed out` (given up). */
  outcome: 'answered' | 'no answer' | 'crashed' | 'killed at the RSS cap' | 'timed out';
  ms: number;
  /** Peak RSS during the request (and a short grace after) over the RSS before it. */
  rssGrowthMb: number;
  longestBlockMs: number;
  alive: boolean;
  /** Files the request added to the server's temporary folder (TMPDIR) and left there. */
  tempFilesLeft: number;
  /** The server's first error line written during the request, when it wrote one. */
  serverError?: string;
}

interface MonitorReport {
  type: 'stopped';
  longestMs: number;
  answered: number;
  failed: number;
  peakRssKb: number;
  killedForRss: boolean;
}

const monitorScript = new URL('./hostile-monitor.mjs', import.meta.url);
const pollIntervalMs = 10;
/** How long after the answer the server is still watched: C1 crashed right after its 413. */
const graceMs = 300;
/** The server is restarted before a request when its RSS is this far above its RSS at start. */
const restartAboveKb = 48 * 1024;

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Linux: writing 5 to clear_refs sets VmHWM (the peak RSS) back to the RSS of now. */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not ours: the 10 ms samples remain.
  }
}

/** What a JSON log line of level error or fatal says went wrong. */
function loggedError(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      err?: { type?: string; message?: string };
    };
    if ((entry.level ?? 0) < 50) return undefined;
    return entry.err?.message ? `${entry.err.type ?? 'Error'}: ${entry.err.message}` : entry.msg;
  } catch {
    return undefined;
  }
}

/** The server's first word of an error in its output (a log line, a crash, running out of heap). */
function firstError(output: string): string | undefined {
  if (output.includes('heap out of memory')) return 'JavaScript heap out of memory';
  const lines = output.split('\n');
  for (const line of lines) {
    const logged = loggedError(line);
    if (logged) return logged.slice(0, 160);
  }
  return lines
    .find((line) => /^\s*\w*Error(: |\s\[)/.test(line))
    ?.trim()
    .slice(0, 160);
}

export class HostileServer {
  private server!: ChildServer;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly tempDir: string;
  /** The server's RSS once it answered its first health check. */
  private freshRssKb = 0;

  private constructor(
    private readonly options: HostileServerOptions,
    /** Kept across restarts: a target made before one still reaches the server. */
    private readonly port: number,
  ) {
    this.tempDir = path.join(options.dataDir, 'tmp');
  }

  static async start(options: HostileServerOptions): Promise<HostileServer> {
    const server = new HostileServer(options, await freePort());
    await server.boot();
    return server;
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  get pid(): number {
    return this.server.child.pid ?? 0;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  private async boot(): Promise<void> {
    mkdirSync(this.tempDir, { recursive: true });
    this.server = await startChildServer({
      dataDir: this.options.dataDir,
      port: this.port,
      build: true,
      // Uploads are spooled under TMPDIR: its own folder, to count what a request leaves.
      env: { TMPDIR: this.tempDir, ...this.options.env },
    });
    this.exit = undefined;
    this.server.child.once('exit', (code, signal) => (this.exit = { code, signal }));
    this.freshRssKb = statusKb(this.pid, 'VmRSS') ?? 0;
  }

  /** A new server on the same DATA_DIR (its users and their tokens remain). */
  async restart(): Promise<void> {
    await this.server.kill();
    await this.boot();
  }

  async stop(): Promise<void> {
    await this.server.kill();
  }

  /** A new account and its bearer token (SPEC: sign-up, then /api/auth/token). */
  async signUp(): Promise<Target> {
    const { baseUrl } = this;
    const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        email: `hostile-${randomUUID()}@example.com`,
        password: 'chanterelle',
        name: 'Hostile',
      }),
    });
    if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    const session = res.headers.get('set-auth-token') ?? '';
    const tokenRes = await fetch(`${baseUrl}/api/auth/token`, {
      headers: { authorization: `Bearer ${session}` },
    });
    if (!tokenRes.ok) throw new Error(`token: ${tokenRes.status} ${await tokenRes.text()}`);
    const { token } = (await tokenRes.json()) as { token: string };
    return { baseUrl, token };
  }

  private async healthy(timeoutMs: number): Promise<boolean> {
    if (!this.running) return false;
    return fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs) }).then(
      (res) => res.ok,
      () => false,
    );
  }

  private tempFiles(): number {
    try {
      return readdirSync(this.tempDir).length;
    } catch {
      return 0;
    }
  }

  private async startMonitor(): Promise<Worker> {
    const worker = new Worker(monitorScript, {
      workerData: {
        baseUrl: this.baseUrl,
        pid: this.pid,
        intervalMs: pollIntervalMs,
        rssCapKb: this.options.rssCapMb * 1024,
      },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', () => resolve());
    });
    return worker;
  }

  private stopMonitor(worker: Worker): Promise<MonitorReport> {
    return new Promise((resolve) => {
      worker.once('message', (report: MonitorReport) => resolve(report));
      worker.postMessage('stop');
    });
  }

  /**
   * Sends one request and measures it. Given up after `timeoutMs` (the server is then replaced:
   * it may still be working on it); a server that died is replaced too.
   */
  async measure(send: Send, timeoutMs: number): Promise<Measurement> {
    if (!this.running || !(await this.healthy(5000))) await this.restart();
    // Heap an earlier request grew and freed would take this one's allocations without any
    // RSS growth: a server much above its size at start is replaced first.
    if ((statusKb(this.pid, 'VmRSS') ?? 0) > this.freshRssKb + restartAboveKb) await this.restart();
    const pid = this.pid;
    const tempFilesBefore = this.tempFiles();
    const outputBefore = this.server.output().length;
    const rssBeforeKb = statusKb(pid, 'VmRSS') ?? 0;
    resetPeakRss(pid);
    const monitor = await this.startMonitor();

    const started = performance.now();
    const signal = AbortSignal.timeout(timeoutMs);
    const answer = await send(signal);
    const ms = performance.now() - started;
    const timedOut = signal.aborted;
    if (!timedOut) await sleep(graceMs);

    const report = await this.stopMonitor(monitor);
    await monitor.terminate();
    const peakKb = Math.max(report.peakRssKb, (this.running && statusKb(pid, 'VmHWM')) || 0);
    const alive = await this.healthy(timedOut ? 1000 : 5000);
    const outcome: Measurement['outcome'] = report.killedForRss
      ? 'killed at the RSS cap'
      : this.exit
        ? 'crashed'
        : timedOut
          ? 'timed out'
          : answer.status === 'none'
            ? 'no answer'
            : 'answered';
    const serverError = firstError(this.server.output().slice(outputBefore));
    const tempFilesLeft = alive ? this.tempFiles() - tempFilesBefore : 0;
    // A request given up on may still be worked on: the next one gets a server of its own.
    if (!alive || timedOut) await this.restart();
    return {
      answer,
      outcome,
      ms,
      rssGrowthMb: Math.max(0, peakKb - rssBeforeKb) / 1024,
      longestBlockMs: report.longestMs,
      alive,
      tempFilesLeft,
      ...(serverError ? { serverError } : {}),
    };
  }
}
