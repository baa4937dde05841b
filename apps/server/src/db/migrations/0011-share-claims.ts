import type { Kysely, Migration } from 'kysely';

/**
 * An e-mail share's claim (docs/behaviour.md#sharing): the SHA-256 of the token its invitation
 * mail carries. Taking an invitation needs that token unless the account's address is verified,
 * so a sign-up with someone else's address (better-auth does not check it) claims nothing.
 * Invitations made before this have none: only a verified address takes them.
 */
export function shareClaims(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('share_grants').addColumn('claim_hash', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('share_grants').dropColumn('claim_hash').execute();
    },
  };
}
