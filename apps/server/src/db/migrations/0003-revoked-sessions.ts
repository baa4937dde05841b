import type { Kysely, Migration } from 'kysely';

/**
 * Sessions that ended (sign-out, password change or reset, account deletion) while ID tokens
 * naming them may still be alive. Each server loads the rows at start, so a restart within the
 * token lifetime still refuses them; expires_at is ISO-8601 UTC text as in the journal's tables.
 */
export function revokedSessions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('revoked_sessions')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('revoked_sessions_expiry_idx')
        .on('revoked_sessions')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('revoked_sessions').execute();
    },
  };
}
