import { describe, expect, it } from 'vitest';
import { createInProcessBroadcaster } from '../src/auth/revocation/broadcaster.ts';
import { createRevocationList } from '../src/auth/revocation/revocation-list.ts';
import { createMemoryThrottleStore } from '../src/auth/throttle/throttle-store.ts';

const hour = 60 * 60_000;

describe('revocation list (injected clock)', () => {
  it('refuses a session until its tokens have expired, then forgets it', () => {
    let now = 1_000_000;
    const list = createRevocationList(() => now);
    list.add([{ sessionId: 's1', expiresAt: now + hour }]);
    expect(list.isRevoked('s1')).toBe(true);
    expect(list.isRevoked('s2')).toBe(false);
    now += hour - 1;
    expect(list.isRevoked('s1')).toBe(true);
    now += 1;
    expect(list.isRevoked('s1')).toBe(false);
    // The sweep (at most once a minute) removes it from memory too: only live entries stay.
    now += 60_000;
    list.add([{ sessionId: 's3', expiresAt: now + hour }]);
    expect(list.size).toBe(1);
  });

  it('ignores an entry that has already expired and keeps the later of two expiries', () => {
    const now = 5_000;
    const list = createRevocationList(() => now);
    list.add([{ sessionId: 'old', expiresAt: now - 1 }]);
    expect(list.size).toBe(0);
    list.add([{ sessionId: 's', expiresAt: now + 10 }]);
    list.add([{ sessionId: 's', expiresAt: now + 5 }]);
    expect(list.isRevoked('s')).toBe(true);
  });
});

describe('in-process broadcaster', () => {
  it('delivers to every subscriber until it unsubscribes', async () => {
    const broadcaster = createInProcessBroadcaster();
    const heard: string[] = [];
    const stop = broadcaster.subscribe((items) =>
      heard.push(...items.map((i) => `a:${i.sessionId}`)),
    );
    broadcaster.subscribe((items) => heard.push(...items.map((i) => `b:${i.sessionId}`)));
    await broadcaster.publish([{ sessionId: 'x', expiresAt: 1 }]);
    stop();
    await broadcaster.publish([{ sessionId: 'y', expiresAt: 1 }]);
    expect(heard).toEqual(['a:x', 'b:x', 'b:y']);
  });
});

describe('memory throttle store (injected clock)', () => {
  it('forgets a value ttl after its last change', async () => {
    let now = 0;
    const store = createMemoryThrottleStore({ now: () => now });
    await store.update<number>('k', (n = 0) => n + 1, 1000);
    now = 999;
    expect(await store.update<number>('k', (n = 0) => n + 1, 1000)).toBe(2);
    now = 1998;
    expect(await store.update<number>('k', (n) => n, 1000)).toBe(2);
    now = 2998;
    expect(await store.update<number>('k', (n) => n, 1000)).toBeUndefined();
  });

  it('holds at most maxKeys keys, dropping the least recently changed', async () => {
    const store = createMemoryThrottleStore({ maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await store.update(key, () => 1, hour);
    expect(await store.update('a', (v) => v, hour)).toBeUndefined();
    expect(await store.update('d', (v) => v, hour)).toBe(1);
  });
});
