import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOutboxSweeper, sweepOutbox } from '../src/plugins/outbox-sweeper.ts';
import { databaseKinds } from './helpers/databases.ts';
import { useTestApps } from './helpers/use-test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;

let root: string;
let outbox: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fj-outbox-'));
  outbox = path.join(root, 'outbox');
  mkdirSync(outbox);
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(root, { recursive: true, force: true });
});

/** An outbox mail last written `ageMs` before `now`. */
function mailAged(name: string, ageMs: number, now = Date.now()): string {
  const file = path.join(outbox, name);
  writeFileSync(file, 'Subject: reset\r\n\r\nhttps://x/reset-password?token=abc');
  const when = new Date(now - ageMs);
  utimesSync(file, when, when);
  return file;
}

describe('sweepOutbox', () => {
  it('deletes mail older than 7 days and keeps the rest', async () => {
    const now = Date.now();
    const old = mailAged('old.eml', 7 * dayMs + 60_000, now);
    const young = mailAged('young.eml', 7 * dayMs - 60_000, now);
    expect(await sweepOutbox(outbox, now)).toEqual(['old.eml']);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
  });

  it('is quiet about an outbox that does not exist yet', async () => {
    expect(await sweepOutbox(path.join(root, 'none'), Date.now())).toEqual([]);
  });
});

describe('startOutboxSweeper', () => {
  it('sweeps at start, then every hour as the clock moves on', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const start = Date.now();
    const old = mailAged('old.eml', 8 * dayMs, start);
    const sixDays = mailAged('six-days.eml', 6 * dayMs, start);
    const sweeper = startOutboxSweeper(outbox);
    expect(await sweeper.first).toEqual(['old.eml']);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(sixDays)).toBe(true);

    // Half a day later it is still half a day short of a week.
    vi.setSystemTime(start + dayMs / 2 - 60 * 60 * 1000);
    vi.advanceTimersByTime(60 * 60 * 1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(sixDays)).toBe(true);

    // Two days later the next hourly sweep takes it.
    vi.setSystemTime(start + 2 * dayMs - 60 * 60 * 1000);
    vi.advanceTimersByTime(60 * 60 * 1000);
    await vi.waitFor(() => expect(existsSync(sixDays)).toBe(false));
    sweeper.stop();
  });
});

describe.each(databaseKinds)('the server on $name', (kind) => {
  const apps = useTestApps();

  it('empties stale outbox mail when it starts', async () => {
    const t = await apps.start(kind);
    const dir = t.config.mail.outboxDir;
    await t.app.close();
    mkdirSync(dir, { recursive: true });
    outbox = dir;
    const old = mailAged('old.eml', 7 * dayMs + 60_000);
    const young = mailAged('young.eml', dayMs);
    // A second app on the first one's DATA_DIR: closed first, before that folder goes.
    await apps.start(kind, { env: { DATA_DIR: t.config.dataDir } });
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
  });
});
