import type { JournalDb } from './journal-db.ts';
import type { OutboxItem, OutboxOp, OutboxStatus } from './outbox-ops.ts';

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The durable queue of writes (docs/architecture.md#outbox): IndexedDB's `outbox` store, in the
 * order the writes were made. An item leaves it only once the server has answered it. Where
 * there is no IndexedDB, the queue lives in memory for the visit.
 */
export function createOutbox(open: () => Promise<JournalDb | null>) {
  const memory = new Map<number, OutboxItem>();
  let nextSeq = 1;

  async function all(): Promise<OutboxItem[]> {
    const db = await open();
    if (!db) return [...memory.values()];
    return db.getAll('outbox');
  }

  return {
    all,

    async add(op: OutboxOp, queuedAt = Date.now()): Promise<OutboxItem> {
      const db = await open();
      const item = { op, status: 'pending' as const, queuedAt };
      if (!db) {
        const stored = { ...item, seq: nextSeq++ };
        memory.set(stored.seq, stored);
        return stored;
      }
      // The key generator fills in seq; the type asks for it, so it is left out by a cast.
      const seq = await db.add('outbox', item as OutboxItem);
      return { ...item, seq };
    },

    async setStatus(seq: number, status: OutboxStatus, message?: string): Promise<void> {
      const db = await open();
      const item = db ? await db.get('outbox', seq) : memory.get(seq);
      if (!item) return;
      const next: OutboxItem = { ...item, status };
      if (message === undefined) delete next.message;
      else next.message = message;
      if (db) await db.put('outbox', next);
      else memory.set(seq, next);
    },

    async remove(seq: number): Promise<void> {
      const db = await open();
      if (db) await db.delete('outbox', seq);
      else memory.delete(seq);
    },
  };
}
