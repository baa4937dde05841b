import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StorageQuota from './storage-quota.ts';

/** A fresh module per test: askPersistentStorage remembers its one request per page. */
let quota: typeof StorageQuota;
beforeEach(async () => {
  vi.resetModules();
  quota = await import('./storage-quota.ts');
});

const MB = 1_000_000;

describe('askPersistentStorage', () => {
  it('asks the browser once, however often called, and answers its reply', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    expect(await quota.askPersistentStorage({ persist })).toBe(true);
    expect(await quota.askPersistentStorage({ persist })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('answers false, without an error, where the API is absent or fails', async () => {
    expect(await quota.askPersistentStorage(undefined)).toBe(false);
    vi.resetModules();
    const fresh = await import('./storage-quota.ts');
    const persist = () => Promise.reject(new Error('not allowed'));
    expect(await fresh.askPersistentStorage({ persist })).toBe(false);
  });
});

describe('ensureRoomFor', () => {
  const storage = (usage: number, quotaBytes: number) => ({
    estimate: () => Promise.resolve({ usage, quota: quotaBytes }),
  });

  it('lets a write through when it fits, up to the last byte', async () => {
    await expect(quota.ensureRoomFor(3 * MB, storage(7 * MB, 10 * MB))).resolves.toBeUndefined();
  });

  it('refuses a write that would exceed the quota, with a message for the user', async () => {
    const refused = quota.ensureRoomFor(12 * MB, storage(97.4 * MB, 100 * MB));
    await expect(refused).rejects.toBeInstanceOf(quota.StorageFullError);
    await expect(refused).rejects.toThrow(
      'Not enough storage on this device: 12 MB needed, 2 MB free',
    );
  });

  it('never says as much is free as is needed: needed rounds up, free rounds down', async () => {
    await expect(quota.ensureRoomFor(3.2 * MB, storage(6.9 * MB, 10 * MB))).rejects.toThrow(
      '4 MB needed, 3 MB free',
    );
  });

  it('does nothing where the browser cannot estimate', async () => {
    await expect(quota.ensureRoomFor(10 ** 12, undefined)).resolves.toBeUndefined();
    await expect(quota.ensureRoomFor(10 ** 12, {})).resolves.toBeUndefined();
    const broken = { estimate: () => Promise.reject(new Error('no')) };
    await expect(quota.ensureRoomFor(10 ** 12, broken)).resolves.toBeUndefined();
    const noQuota = { estimate: () => Promise.resolve({ usage: 5 }) };
    await expect(quota.ensureRoomFor(10 ** 12, noQuota)).resolves.toBeUndefined();
  });
});
