import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.ts';

/**
 * better-auth's tables (user, session, account, verification, jwks, rateLimit), written out
 * so that one migrator owns the whole schema. A test checks better-auth finds nothing missing.
 */
export function identityTables(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  const now = sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', t.boolean, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updatedAt', t.timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', t.timestamp)
        .addColumn('refreshTokenExpiresAt', t.timestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
        .addColumn('createdAt', t.timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updatedAt', t.timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('jwks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('publicKey', 'text', (c) => c.notNull())
        .addColumn('privateKey', 'text', (c) => c.notNull())
        .addColumn('createdAt', t.timestamp, (c) => c.notNull())
        .addColumn('expiresAt', t.timestamp)
        .addColumn('alg', 'text')
        .addColumn('crv', 'text')
        .execute();
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
      await db.schema
        .createIndex('verification_identifier_idx')
        .on('verification')
        .column('identifier')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['rateLimit', 'jwks', 'verification', 'account', 'session', 'user']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
