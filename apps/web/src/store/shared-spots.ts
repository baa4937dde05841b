import type { SharedGrant } from '@fj/contract/sharing';
import { sharingApi } from '../lib/api/sharing-api.ts';
import { createSharedCopy, type SharedCopy } from '../lib/offline/shared-copy.ts';
import type { GetJournal, SetJournal } from './journal-types.ts';

/** A wait longer than this is cut short and the clock read again (timers drift, and overflow). */
export const expiryCheckMs = 60 * 60_000;

export interface SharedSpotsDeps {
  copyFor?: (uid: string) => SharedCopy;
  read?: () => Promise<SharedGrant[]>;
}

/**
 * The spots others share with the signed-in user, on the device (docs/behaviour.md#sharing):
 * the accepted shares of GET /shared, read at every sync of the journal and kept in the local
 * copy. A share the server no longer lists (revoked, ended) goes at the next sync; one whose
 * `expiresAt` passes goes then by the device's own clock, offline too, from the screen and
 * from the copy.
 */
export function createSharedSpots(set: SetJournal, get: GetJournal, deps: SharedSpotsDeps = {}) {
  const copyFor = deps.copyFor ?? createSharedCopy;
  const read = deps.read ?? sharingApi.withMe;
  let session: { uid: string; copy: SharedCopy; reads: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const inForce = (grants: readonly SharedGrant[]) => {
    const now = Date.now();
    return grants.filter((g) => g.status === 'accepted' && Date.parse(g.expiresAt) > now);
  };

  function schedule(): void {
    clearTimeout(timer);
    const next = Math.min(...get().sharedWithMe.map((grant) => Date.parse(grant.expiresAt)));
    if (!session || !Number.isFinite(next)) return;
    timer = setTimeout(
      () => void expire(),
      Math.min(Math.max(next - Date.now(), 0), expiryCheckMs),
    );
  }

  /** Shows what is in force of `grants`, and keeps that on the device when it changed. */
  async function take(grants: readonly SharedGrant[], always: boolean): Promise<void> {
    const current = session;
    if (!current) return;
    const kept = inForce(grants);
    set({ sharedWithMe: kept });
    schedule();
    if (always || kept.length !== grants.length) await current.copy.save(kept);
  }

  /** The device's clock says some shares ended: they go, connection or not. */
  async function expire(): Promise<void> {
    await take(get().sharedWithMe, false);
  }

  return {
    /** The user's kept shares onto the screen (what ended meanwhile goes). */
    async start(uid: string): Promise<void> {
      this.stop();
      const current = { uid, copy: copyFor(uid), reads: 0 };
      session = current;
      const stored = await current.copy.load();
      // A read from the server that answered meanwhile is newer than the copy.
      if (session === current && current.reads === 0) await take(stored, false);
    },
    /** GET /shared after a sync: the server's list replaces the device's. */
    async refresh(): Promise<void> {
      const current = session;
      if (!current) return;
      current.reads += 1;
      let answer: SharedGrant[];
      try {
        answer = await read();
      } catch (error) {
        console.warn('Shared spots could not be read; the kept ones stay until they end', error);
        return expire();
      }
      if (session === current) await take(answer, true);
    },
    /** Whether ended shares must go now (the app shown again after a sleep). */
    check: expire,
    stop(): void {
      clearTimeout(timer);
      session = null;
    },
  };
}

export type SharedSpots = ReturnType<typeof createSharedSpots>;
