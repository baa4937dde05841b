import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';

/** CI's Redis (.ci/run starts it); the same address by default on a developer's machine. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers PING at this URL within a second. */
export function redisAnswers(url: string = testRedisUrl): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 6379), hostname, () => socket.write('PING\r\n'));
    socket.once('data', (data: Buffer) => done(data.toString().startsWith('+PONG')));
  });
}

/** Keys and channels of their own, so parallel test files never meet in the shared Redis. */
export const uniqueRedisPrefix = () => `fj-test-${randomBytes(6).toString('hex')}:`;

export interface OwnRedis {
  url: string;
  /** SIGKILL, as a crash would; resolves once the process is gone. */
  stop(): Promise<void>;
  /** SIGSTOP: a hung Redis, whose connections stay open but never answer. */
  pause(): void;
  /** SIGCONT: it answers again, what it was sent meanwhile first. */
  resume(): void;
}

/** A redis-server of this test's own on `port`, answering PING before this resolves. */
export async function startOwnRedis(port: number): Promise<OwnRedis> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}
