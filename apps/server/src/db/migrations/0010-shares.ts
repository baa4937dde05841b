import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

/**
 * Shares (docs/behaviour.md#sharing): what an owner shows, to whom, how finely, until when.
 * `token_hash` is the SHA-256 of a link's token (null for an e-mail share); `secret` keys the
 * share's opaque ids. `share_locations` keeps each spot's projection with the share version and
 * location revision it was computed from; `share_grants` is the invitation of an e-mail share (a deleted grantee's account leaves it
 * pending for the address again).
 */
export function shares(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema
          .createTable('shares')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('token_hash', 'text', (c) => c.unique())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('precision', 'text', (c) => c.notNull())
          .addColumn('dates', 'text', (c) => c.notNull())
          .addColumn('include_finds', 'integer', (c) => c.notNull())
          .addColumn('include_notes', 'integer', (c) => c.notNull())
          .addColumn('include_photos', 'integer', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_used_at', 'text')
          .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('revoked_at', 'text')
          .execute();
        await trx.schema.createIndex('shares_user_idx').on('shares').column('user_id').execute();
        await trx.schema
          .createTable('share_locations')
          .addColumn('share_id', 'text', (c) =>
            c.notNull().references('shares.id').onDelete('cascade'),
          )
          .addColumn('location_id', 'text', (c) =>
            c.notNull().references('locations.id').onDelete('cascade'),
          )
          .addColumn('projection', 'text')
          .addColumn('photo_keys', 'text')
          .addColumn('projected_version', 'integer')
          .addColumn('projected_revision', 'bigint')
          .addPrimaryKeyConstraint('share_locations_pk', ['share_id', 'location_id'])
          .execute();
        await trx.schema
          .createIndex('share_locations_location_idx')
          .on('share_locations')
          .column('location_id')
          .execute();
        await trx.schema
          .createTable('share_grants')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('share_id', 'text', (c) =>
            c.notNull().unique().references('shares.id').onDelete('cascade'),
          )
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
          .addColumn('status', 'text', (c) => c.notNull())
          .execute();
        await trx.schema
          .createIndex('share_grants_email_idx')
          .on('share_grants')
          .column('email')
          .execute();
        await trx.schema
          .createIndex('share_grants_user_idx')
          .on('share_grants')
          .column('user_id')
          .execute();
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        for (const table of ['share_grants', 'share_locations', 'shares'])
          await trx.schema.dropTable(table).execute();
      }),
  };
}
