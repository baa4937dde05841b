import type { Db } from '../../db/executor.ts';
import type { RevocationBroadcaster } from './broadcaster.ts';
import { revokedSessionsRepository as repo } from './repository.ts';
import { createRevocationList } from './revocation-list.ts';

const pruneIntervalMs = 10 * 60_000;

export interface SessionRevocationsOptions {
  db: Db;
  broadcaster: RevocationBroadcaster;
  /** How long an ID token lives: a revocation is kept that long, then no token can need it. */
  tokenLifetimeMs: number;
  now?: () => number;
  onPersistError?: (error: unknown) => void;
}

export interface SessionRevocations {
  /** Reads the revocations still in force and starts listening; call once at start. */
  start(): Promise<void>;
  /** Reads the revocations in force again: after an outage of the broadcaster, some were missed. */
  reload(): Promise<void>;
  /** Refuses from now on every ID token that names one of these sessions. */
  revoke(sessionIds: string[]): Promise<void>;
  isRevoked(sessionId: string): boolean;
  stop(): void;
}

export function createSessionRevocations(options: SessionRevocationsOptions): SessionRevocations {
  const { db, broadcaster, tokenLifetimeMs } = options;
  const now = options.now ?? (() => Date.now());
  const list = createRevocationList(now);
  let unsubscribe: (() => void) | undefined;
  let prunedAt = 0;

  /** Rows outlive their use by an hour; drop them now and then so the table stays small. */
  async function pruneExpired(at: number): Promise<void> {
    if (at - prunedAt < pruneIntervalMs) return;
    prunedAt = at;
    const cutoff = new Date(at).toISOString();
    await repo.deleteExpiredBy(db, cutoff);
  }

  async function readStored(): Promise<void> {
    const rows = await repo.listAll(db);
    list.add(
      rows.map((row) => ({ sessionId: row.session_id, expiresAt: Date.parse(row.expires_at) })),
    );
  }

  return {
    async start() {
      // Listen first, then read: a revocation published in between is not lost.
      unsubscribe = broadcaster.subscribe((revocations) => list.add(revocations));
      await pruneExpired(now());
      await readStored();
    },

    reload: readStored,

    async revoke(sessionIds) {
      if (sessionIds.length === 0) return;
      const expiresAt = now() + tokenLifetimeMs;
      const revocations = sessionIds.map((sessionId) => ({ sessionId, expiresAt }));
      // This server refuses at once, whatever happens to the write or the broadcast.
      list.add(revocations);
      const expiry = new Date(expiresAt).toISOString();
      try {
        await repo.upsert(db, sessionIds, expiry);
        await pruneExpired(now());
      } catch (error) {
        // The session is gone already; failing the sign-out would help nobody.
        options.onPersistError?.(error);
      }
      await broadcaster.publish(revocations);
    },

    isRevoked: (sessionId) => list.isRevoked(sessionId),

    stop() {
      unsubscribe?.();
    },
  };
}
