import type { Location } from '@fj/contract/locations';
import type { SavedSearch } from '@fj/contract/saved-searches';
import { compareListOrder } from '@fj/contract/sync';
import { deviceConnection, type Connection } from '../lib/offline/connection.ts';
import { createLocalCopy, type LocalCopy } from '../lib/offline/local-copy.ts';
import { createLocalPhotos, type LocalPhotos } from '../lib/offline/local-photos.ts';
import { createOutbox, type Outbox } from '../lib/offline/outbox.ts';
import {
  photosOfOp,
  waitsBehind,
  type OutboxItem,
  type OutboxOp,
} from '../lib/offline/outbox-ops.ts';
import { createReplayer } from '../lib/offline/outbox-replay.ts';
import { sendOp, withUploadedPhotos, type PhotoRef } from '../lib/offline/outbox-send.ts';
import { showQueuedPreferences } from '../lib/api/preferences-endpoints.ts';
import { onAppResume } from '../platform/app-resume.ts';
import type { GetJournal, SetJournal } from './journal-types.ts';
import { replaceLocation } from './location-helpers.ts';
import { withPending } from './pending-overlay.ts';

interface Session {
  uid: string;
  copy: LocalCopy;
  outbox: Outbox;
  photos: LocalPhotos;
  replayer: ReturnType<typeof createReplayer>;
  unwatch: () => void;
  /** The local copy read into the store (or found empty). */
  hydrated: Promise<void>;
}

export interface OfflineHooks {
  /** Reads the server's changes (the location slice's forced fetch). */
  refresh(): Promise<void>;
  /** The preference lists the local copy held, handed to the species slice as if read. */
  restoreServerLists(uid: string, lists: unknown): void;
}

export type OfflineJournal = ReturnType<typeof createOfflineJournal>;

/**
 * The store's side of the device copy (docs/architecture.md#local-copy): one session per
 * signed-in user, holding the local copy, the outbox and its replayer, and the triggers that
 * replay it (back online, the app shown again, the back-off timer).
 */
export function createOfflineJournal(
  set: SetJournal,
  get: GetJournal,
  hooks: OfflineHooks,
  connection: Connection = deviceConnection,
) {
  let session: Session | null = null;
  /** Ops on their way into the outbox (not yet in the store's list): new writes wait for them too. */
  const queuing: OutboxOp[] = [];

  /** The outbox as stored, and the screen's list with it on top. */
  function showQueue(current: Session, outbox: OutboxItem[]): void {
    if (session !== current) return;
    set({ outbox, locations: withPending(get().serverLocations, outbox, current.photos.shown) });
  }

  async function readQueue(current: Session): Promise<void> {
    showQueue(current, await current.outbox.all());
  }

  /**
   * The kept photos, the copy and the outbox read side by side (the journal's first read waits
   * for them: store/location-slice.ts), then shown in that order.
   */
  async function hydrate(current: Session): Promise<void> {
    const [local, outbox] = await Promise.all([
      current.copy.load(),
      current.outbox.all(),
      current.photos.restore(),
    ]);
    if (session !== current) return;
    if (local) {
      set({
        serverLocations: [...local.locations].sort(compareListOrder),
        syncCursor: local.cursor,
        lastSyncedAt: local.syncedAt,
        ...(local.savedSearches ? { savedSearches: local.savedSearches } : {}),
      });
      if (local.serverLists !== undefined) hooks.restoreServerLists(current.uid, local.serverLists);
    }
    showQueue(current, outbox);
    if (get().outbox.some((item) => item.status === 'pending')) void current.replayer.replay();
  }

  function watch(replay: () => void): () => void {
    const stopConnection = connection.onChange((online) => {
      if (online) replay();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') replay();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stopResume = onAppResume(replay);
    return () => {
      stopConnection();
      stopResume();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }

  function start(uid: string) {
    stop();
    const copy = createLocalCopy(uid);
    const outbox = createOutbox(copy.open);
    const photos = createLocalPhotos(copy.open);
    const current: Session = {
      uid,
      copy,
      outbox,
      photos,
      replayer: createReplayer({
        outbox,
        send: (op) => sendOp(op, photos),
        onSent: (item, location) => {
          if (location) commitServer(replaceLocation(get().serverLocations, location));
          photos.forget(photosOfOp(item.op)).catch((error: unknown) => {
            console.warn('Photos kept on the device could not be removed', error);
          });
        },
        onQueueChange: () => readQueue(current),
        onPassSent: () => hooks.refresh(),
      }),
      unwatch: () => undefined,
      hydrated: Promise.resolve(),
    };
    session = current;
    current.unwatch = watch(() => void current.replayer.replay());
    current.hydrated = hydrate(current).catch((error: unknown) => {
      console.warn('The local copy could not be read', error);
    });
  }

  function stop() {
    if (!session) return;
    session.replayer.stop();
    session.unwatch();
    session = null;
  }

  /**
   * The server's list after a read or a write: into the store (with the outbox on top) and the
   * local copy. `synced` marks an answer from the server's sync (its cursor goes with it).
   */
  function commitServer(next: Location[], synced?: { cursor: string | null }) {
    const before = get().serverLocations;
    const cursor = synced ? synced.cursor : get().syncCursor;
    const syncedAt = synced ? Date.now() : null;
    set({
      serverLocations: next,
      locations: withPending(next, get().outbox, session?.photos.shown),
      ...(synced ? { syncCursor: cursor, lastSyncedAt: syncedAt } : {}),
    });
    void session?.copy.saveLocations(before, next, cursor, syncedAt ?? get().lastSyncedAt);
  }

  /**
   * Whether a new write goes to the outbox instead of the server: the device is offline, or the
   * write depends on a change still queued (an entry on a spot created offline; docs/behaviour.md#outbox).
   * Other queued changes, stuck or not, do not hold it back.
   */
  function mustQueue(op: OutboxOp): boolean {
    if (!session) return false;
    if (!connection.isOnline()) return true;
    const arriving = queuing.map((other) => ({ op: other, status: 'pending' as const }));
    return waitsBehind(op, [...get().outbox, ...arriving]);
  }

  async function enqueue(op: OutboxOp): Promise<void> {
    const current = session;
    if (!current) throw new Error('No signed-in user to queue a change for');
    queuing.push(op);
    try {
      await current.outbox.add(op);
      // What the device shows is what it holds: a settings screen reading preferences now sees it.
      if (op.kind === 'preferences') showQueuedPreferences(op.path, op.body);
      await readQueue(current);
    } finally {
      queuing.splice(queuing.indexOf(op), 1);
    }
    if (connection.isOnline()) void current.replayer.replay();
  }

  return {
    start,
    stop,
    commitServer,
    mustQueue,
    enqueue,
    /** Resolves once the signed-in user's local copy is in the store. */
    hydrated: () => session?.hydrated ?? Promise.resolve(),
    isOnline: () => connection.isOnline(),
    /** A photo picked with no connection, kept on the device (docs/behaviour.md#offline-photos). */
    async keepPhoto(file: File) {
      if (!session) throw new Error('No signed-in user to keep a photo for');
      return session.photos.keep(file);
    },
    /** An entry's photos with those kept on the device uploaded now (a save made online). */
    async uploadKeptPhotos(photos: readonly PhotoRef[]): Promise<PhotoRef[]> {
      if (!session) return [...photos];
      return withUploadedPhotos(photos, session.photos);
    },
    /** The entry that held them is on the server: the kept files go. */
    forgetKeptPhotos(photos: readonly { filePath?: unknown }[]) {
      session?.photos.forget(photos).catch((error: unknown) => {
        console.warn('Photos kept on the device could not be removed', error);
      });
    },
    saveSearches(uid: string, searches: readonly SavedSearch[]) {
      if (session?.uid === uid) void session.copy.saveSearches(searches);
    },
    saveServerLists(uid: string, lists: unknown) {
      if (session?.uid === uid) void session.copy.saveServerLists(lists);
    },
    async replayNow(): Promise<void> {
      await session?.replayer.replay();
    },
    async retry(seq: number) {
      const current = session;
      if (!current) return;
      await current.outbox.setStatus(seq, 'pending');
      await readQueue(current);
      void current.replayer.replay();
    },
    async discard(seq: number) {
      const current = session;
      if (!current) return;
      const item = get().outbox.find((queued) => queued.seq === seq);
      await current.outbox.remove(seq);
      if (item) await current.photos.forget(photosOfOp(item.op));
      await readQueue(current);
    },
    /** Logout: the local copy and its outbox go. */
    async destroy() {
      const current = session;
      stop();
      await current?.copy.destroy();
    },
    /** Waits for the local copy's writes (tests). */
    settled: () => session?.copy.settled() ?? Promise.resolve(),
  };
}
