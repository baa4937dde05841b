import type { Executor } from '../../db/executor.ts';

/** Reads better-auth's verification table; better-auth alone writes it. */
export const resetTokensRepository = {
  /** better-auth keeps a pending reset as a verification row named after its token. */
  async expiryOf(db: Executor, token: string): Promise<Date | undefined> {
    const row = await db
      .selectFrom('verification')
      .select('expiresAt')
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirst();
    return row ? new Date(row.expiresAt) : undefined;
  },
};
