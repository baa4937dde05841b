import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The database handle the app holds: what opens transactions. */
export type Db = Kysely<Database>;

/** A transaction on it: where a write that spans several rows runs. */
export type DbTransaction = Transaction<Database>;

/** What every repository function takes first: the handle or a transaction, alike. */
export type Executor = Db | DbTransaction;
