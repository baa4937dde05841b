import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Reset links in the outbox are dead after an hour; the mail itself is kept a week, then goes. */
export const outboxMaxAgeMs = 7 * 24 * 60 * 60 * 1000;
const sweepEveryMs = 60 * 60 * 1000;

/** Deletes outbox files last written before `now - maxAgeMs`; returns their names. */
export async function sweepOutbox(
  dir: string,
  now: number,
  maxAgeMs = outboxMaxAgeMs,
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtimeMs < now - maxAgeMs) {
      await rm(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

export interface OutboxSweeper {
  /** The sweep run at start, for whoever wants to wait for it. */
  first: Promise<string[]>;
  stop(): void;
}

/** Sweeps now and then every hour; the timer never keeps the process alive. */
export function startOutboxSweeper(
  dir: string,
  now: () => number = Date.now,
  onError: (error: unknown) => void = () => {},
): OutboxSweeper {
  const sweep = () => sweepOutbox(dir, now()).catch((error: unknown) => (onError(error), []));
  const first = sweep();
  const timer = setInterval(() => void sweep(), sweepEveryMs);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
