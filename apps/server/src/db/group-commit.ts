import type { DialectName } from './dialect.ts';
import type { Db, DbTransaction } from './executor.ts';

/** A write's transaction body: it runs on the transaction it is given, and on nothing else. */
export type WriteWork<T> = (trx: DbTransaction) => Promise<T>;

/** Runs a write in a transaction of its own, or (SQLite) in one shared with others: see groupCommit. */
export type WriteTransactions = <T>(work: WriteWork<T>) => Promise<T>;

interface Pending {
  work: WriteWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const savepoint = 'fj_write';

/**
 * On SQLite, the writes that arrive together share one transaction: each runs inside a savepoint
 * of its own (its failure rolls back its own work and nothing else, and its caller gets its own
 * error), and one COMMIT makes them all durable before any caller hears back. A commit (its WAL
 * write) cost about as much as the rest of a create's statements together; SQLite has
 * one writer, so the writes took turns already, and they still do, in arrival order.
 *
 * A batch is what has queued by the time the event loop reaches its check phase (setImmediate):
 * the requests read in one round of I/O. `work` must use only the transaction it is given: the
 * connection is the batch's until it commits, so a query on the database itself would wait for
 * the batch forever.
 *
 * PostgreSQL has a connection per write and row locks of its own; sharing a transaction there
 * would hold one user's locks for another's work (and could deadlock across servers), so each
 * write keeps its own transaction.
 */
export function groupCommit(db: Db, dialect: DialectName): WriteTransactions {
  if (dialect !== 'sqlite') return (work) => db.transaction().execute(work);
  let queue: Pending[] = [];
  let scheduled = false;

  async function runBatch(batch: readonly Pending[]): Promise<Outcome[]> {
    const [only] = batch;
    // Alone, a write needs no savepoint: its own failure may roll back the whole transaction.
    if (only && batch.length === 1) {
      try {
        return [{ ok: true, value: await db.transaction().execute(only.work) }];
      } catch (error) {
        return [{ ok: false, error }];
      }
    }
    const trx = await db.startTransaction().execute();
    const outcomes: Outcome[] = [];
    try {
      for (const item of batch) {
        const inner = await trx.savepoint(savepoint).execute();
        try {
          const value = await item.work(inner);
          await inner.releaseSavepoint(savepoint).execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          // Undone, then taken off the stack, so the next write's savepoint is not nested in it.
          const undone = await inner.rollbackToSavepoint(savepoint).execute();
          await undone.releaseSavepoint(savepoint).execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw error;
    }
    return outcomes;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      let outcomes: Outcome[];
      try {
        outcomes = await runBatch(batch);
      } catch (error) {
        // The transaction itself failed (its BEGIN or COMMIT): nothing of the batch was written.
        for (const item of batch) item.reject(error);
        continue;
      }
      batch.forEach((item, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok) item.resolve(outcome.value);
        else item.reject(outcome?.error);
      });
    }
    scheduled = false;
  }

  return <T>(work: WriteWork<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void drain());
      }
    });
}
