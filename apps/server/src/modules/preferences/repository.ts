import type { Executor } from '../../db/executor.ts';
import type { PreferencesTable } from '../../db/schema.ts';

/** The only place that queries preferences; a record's id is its user's id. */
export const preferencesRepository = {
  find(db: Executor, userId: string): Promise<PreferencesTable | undefined> {
    return db.selectFrom('preferences').selectAll().where('id', '=', userId).executeTakeFirst();
  },
  /** Creating twice is harmless: the first record wins. */
  async insertIfAbsent(db: Executor, row: PreferencesTable): Promise<void> {
    await db
      .insertInto('preferences')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  },
  async update(db: Executor, userId: string, changes: Partial<PreferencesTable>): Promise<boolean> {
    const result = await db
      .updateTable('preferences')
      .set(changes)
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
