import { sharedWithMeSchema, type SharedGrant } from '@fj/contract/sharing';
import { openJournalDb } from './journal-db.ts';

const key = 'sharedWithMe';
const grantsSchema = sharedWithMeSchema.shape.data;

export type SharedCopy = ReturnType<typeof createSharedCopy>;

/**
 * What the device keeps of the spots others share with the user (docs/behaviour.md#sharing):
 * the accepted shares' projections as GET /shared gave them, in the user's own database
 * (`meta`), so they show offline and go with it at sign-out. Nothing finer was ever received,
 * and no shared photo is kept. Each call opens and closes its own connection: a logout's
 * database deletion is never held up by it.
 */
export function createSharedCopy(uid: string) {
  async function using<T>(
    work: (db: NonNullable<Awaited<ReturnType<typeof openJournalDb>>>) => Promise<T>,
    fallback: T,
  ): Promise<T> {
    const db = await openJournalDb(uid).catch(() => null);
    if (!db) return fallback;
    try {
      return await work(db);
    } catch (error) {
      console.warn('Shared spots on this device could not be read or written', error);
      return fallback;
    } finally {
      db.close();
    }
  }
  return {
    /** The kept shares; none when nothing (or something unreadable) is kept. */
    load: () =>
      using(async (db) => {
        const parsed = grantsSchema.safeParse(await db.get('meta', key));
        return parsed.success ? parsed.data : [];
      }, [] as SharedGrant[]),
    save: (grants: readonly SharedGrant[]) =>
      using(async (db) => {
        await db.put('meta', grants, key);
      }, undefined),
  };
}
