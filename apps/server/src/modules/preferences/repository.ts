import type { Kysely } from 'kysely';
import type { Database, PreferencesTable } from '../../db/schema.ts';

export const preferencesRepository = {
  find(db: Kysely<Database>, userId: string): Promise<PreferencesTable | undefined> {
    return db.selectFrom('preferences').selectAll().where('id', '=', userId).executeTakeFirst();
  },
  /** Creating twice is harmless: the first record wins. */
  async insertIfAbsent(db: Kysely<Database>, row: PreferencesTable): Promise<void> {
    await db
      .insertInto('preferences')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  },
  async update(
    db: Kysely<Database>,
    userId: string,
    changes: Partial<PreferencesTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('preferences')
      .set(changes)
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
