import type { SessionRevocation } from './broadcaster.ts';

export interface RevocationList {
  add(revocations: SessionRevocation[]): void;
  isRevoked(sessionId: string): boolean;
  readonly size: number;
}

/** How often expired entries are swept out, so the map holds only live revocations. */
const sweepIntervalMs = 60_000;

/**
 * The ended sessions whose tokens may still be alive, in memory: checking a request reads no
 * database. An entry lives as long as the longest token it covers could, then goes.
 */
export function createRevocationList(now: () => number = () => Date.now()): RevocationList {
  const expiries = new Map<string, number>();
  let sweptAt = now();

  function sweep(at: number) {
    if (at - sweptAt < sweepIntervalMs) return;
    sweptAt = at;
    for (const [sessionId, expiresAt] of expiries) {
      if (expiresAt <= at) expiries.delete(sessionId);
    }
  }

  return {
    add(revocations) {
      const at = now();
      for (const { sessionId, expiresAt } of revocations) {
        if (expiresAt <= at) continue;
        expiries.set(sessionId, Math.max(expiresAt, expiries.get(sessionId) ?? 0));
      }
      sweep(at);
    },
    isRevoked(sessionId) {
      const expiresAt = expiries.get(sessionId);
      if (expiresAt === undefined) return false;
      const at = now();
      sweep(at);
      return expiresAt > at;
    },
    get size() {
      return expiries.size;
    },
  };
}
