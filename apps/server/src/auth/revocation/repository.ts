import type { Executor } from '../../db/executor.ts';
import type { RevokedSessionsTable } from '../../db/schema.ts';

/** The only place that queries revoked_sessions; expires_at is ISO-8601 UTC text. */
export const revokedSessionsRepository = {
  listAll(db: Executor): Promise<RevokedSessionsTable[]> {
    return db.selectFrom('revoked_sessions').selectAll().execute();
  },
  /** Records the sessions, or moves a recorded one's expiry to the given time. */
  async upsert(db: Executor, sessionIds: readonly string[], expiresAt: string): Promise<void> {
    await db
      .insertInto('revoked_sessions')
      .values(sessionIds.map((session_id) => ({ session_id, expires_at: expiresAt })))
      .onConflict((conflict) =>
        conflict.column('session_id').doUpdateSet({ expires_at: expiresAt }),
      )
      .execute();
  },
  async deleteExpiredBy(db: Executor, cutoff: string): Promise<void> {
    await db.deleteFrom('revoked_sessions').where('expires_at', '<=', cutoff).execute();
  },
};
