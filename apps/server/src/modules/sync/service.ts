import { locationListSchema } from '@fj/contract/locations';
import type { Preferences } from '@fj/contract/preferences';
import { syncAnswerSchema, syncCursorHeader, type SyncAnswer } from '@fj/contract/sync';
import type { Db } from '../../db/executor.ts';
import { badField } from '../../errors.ts';
import {
  answerJson,
  etagMatches,
  etagOf,
  revalidateEveryTime,
  type ConditionalAnswer,
} from '../../lib/conditional.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import type { LocationReads as LocationService } from '../../lib/location-reads.ts';
import { defaultPreferencesRow, toPreferences } from '../preferences/mapping.ts';
import { preferencesRepository } from '../preferences/repository.ts';
import type { CursorCodec } from './cursor.ts';
import type { ListCache } from './list-cache.ts';
import { syncRepository, type RevisionState } from './repository.ts';
import type { RevisionNow } from './revision-now.ts';

export interface SyncServiceDeps {
  db: Db;
  signer: UrlSigner;
  locations: LocationService;
  cursors: CursorCodec;
  /** The serialized GET /locations answers (LOCATIONS_CACHE_MB). */
  listCache: ListCache;
  /** Check every answer against its schema before sending it (everywhere but production). */
  validateAnswers: boolean;
  /** The revision read without a promise (SQLite), for the 304s answered before Fastify. */
  revisionNow?: RevisionNow;
}

const nothingDeleted = { locations: [], entries: [] };

/** GET /locations' ETag, with what it was made from; its headers are never changed. */
interface ListTag {
  revision: number;
  day: number;
  headers: Readonly<{ etag: string; 'cache-control': string }>;
}

/**
 * Runs once a read knows it answers more than a 304, before it reads the data: the routes spend
 * the request budget there (security.ts, `budgetAfterConditional`); it may throw (a 429).
 */
export type BeforeBody = () => Promise<void>;
const nothingFirst: BeforeBody = async () => {};

/**
 * The journal's whole-list reads: GET /locations and GET /sync (docs/behaviour.md#sync). Each
 * starts with one indexed read, the user's revision, which decides the ETag (and so a 304), and
 * which cached answer is still good. The revision is read before the data: an answer may hold
 * changes newer than its cursor (a write that committed meanwhile), never older, and the next
 * sync simply tells those again.
 */
export function createSyncService(deps: SyncServiceDeps) {
  const { db, signer, locations, cursors, listCache, validateAnswers, revisionNow } = deps;

  /** The preferences (the defaults until the user has a record). */
  async function preferences(userId: string): Promise<Preferences> {
    const row = await preferencesRepository.find(db, userId);
    return toPreferences(row ?? defaultPreferencesRow(userId, 0));
  }

  /** The preferences if they changed after the revision. */
  async function preferencesChangedSince(userId: string, revision: number) {
    const row = await preferencesRepository.find(db, userId);
    return row && Number(row.revision) > revision ? { preferences: toPreferences(row) } : {};
  }

  async function everything(userId: string, cursor: string): Promise<SyncAnswer> {
    return {
      cursor,
      full: true,
      locations: await locations.list(userId),
      deleted: nothingDeleted,
      preferences: await preferences(userId),
    };
  }

  async function changedSince(userId: string, cursor: string, from: number): Promise<SyncAnswer> {
    // Deletions before changes: a location deleted after this read is then merely told late.
    const deleted = await syncRepository.deletedSince(db, userId, from);
    const changed = await locations.listChangedSince(userId, from);
    return {
      cursor,
      full: false,
      locations: changed,
      deleted,
      ...(await preferencesChangedSince(userId, from)),
    };
  }

  /** The cursor a client sends as `since`; refused (400, naming `since`) unless ours and not ahead. */
  function sinceRevision(userId: string, since: string, current: number): number {
    const revision = cursors.decode(userId, since);
    if (revision === undefined || revision > current)
      throw badField('since', 'not a cursor this server gave you: sync again without it');
    return revision;
  }

  /** GET /locations' ETag: the user's revision and the photo-signing day. */
  function listTagOf(userId: string, { revision }: RevisionState): ListTag {
    const day = signer.day();
    const headers = {
      etag: etagOf('l', userId, [revision, day]),
      'cache-control': revalidateEveryTime,
    };
    return { revision, day, headers };
  }

  /**
   * The list tags of the states `revisionNow` keeps: it hands out one state object per user until
   * something is written, so a repeated 304 reuses its headers (one object, which fast-reads/
   * turns into its header list once) instead of making the ETag again (issue 12).
   */
  const keptListTags = new WeakMap<RevisionState, { userId: string } & ListTag>();

  function listTagNow(userId: string, now: RevisionNow): ListTag {
    const state = now(userId);
    const known = keptListTags.get(state);
    if (known?.userId === userId && known.day === signer.day()) return known;
    const tag = listTagOf(userId, state);
    keptListTags.set(state, { userId, ...tag });
    return tag;
  }

  async function listTag(userId: string) {
    return listTagOf(userId, await syncRepository.state(db, userId));
  }

  /** GET /sync's ETag: where the answer starts (`-` for everything), the revision, the day. */
  function changesTagOf(userId: string, since: string | undefined, state: RevisionState) {
    const given = since === undefined ? undefined : sinceRevision(userId, since, state.revision);
    // Older than the last swept tombstone: the deletions it needs are gone, so everything.
    const from = given !== undefined && given >= state.prunedRevision ? given : undefined;
    const headers = {
      etag: etagOf('s', userId, [from ?? '-', state.revision, signer.day()]),
      'cache-control': revalidateEveryTime,
    };
    return { state, from, headers };
  }

  async function changesTag(userId: string, since: string | undefined) {
    return changesTagOf(userId, since, await syncRepository.state(db, userId));
  }

  return {
    /** GET /locations: the whole list, kept serialized while the revision and day stay. */
    async list(
      userId: string,
      ifNoneMatch: string | string[] | undefined,
      beforeBody: BeforeBody = nothingFirst,
    ): Promise<ConditionalAnswer> {
      const { revision, day, headers } = await listTag(userId);
      // A 304 carries no Sync-Cursor: the client has it from the answer its ETag names.
      if (etagMatches(ifNoneMatch, headers.etag)) return { headers };
      await beforeBody();
      const version = `${revision}.${day}`;
      let body = listCache.get(userId, version);
      if (!body) {
        body = answerJson(
          locationListSchema,
          { data: await locations.list(userId) },
          validateAnswers,
        );
        listCache.set(userId, version, body);
      }
      return {
        headers: { ...headers, [syncCursorHeader]: cursors.encode(userId, revision) },
        body,
      };
    },

    /**
     * GET /locations' 304 when If-None-Match names the current answer, else undefined: the
     * same decision as `list`, for answers written before Fastify (fast-reads/).
     */
    async listNotModified(
      userId: string,
      ifNoneMatch: string | string[] | undefined,
    ): Promise<ConditionalAnswer | undefined> {
      const { headers } = await listTag(userId);
      return etagMatches(ifNoneMatch, headers.etag) ? { headers } : undefined;
    },

    /** GET /sync: what changed since the cursor, or everything without one. */
    async changes(
      userId: string,
      since: string | undefined,
      ifNoneMatch: string | string[] | undefined,
      beforeBody: BeforeBody = nothingFirst,
    ): Promise<ConditionalAnswer> {
      const { state, from, headers } = await changesTag(userId, since);
      if (etagMatches(ifNoneMatch, headers.etag)) return { headers };
      await beforeBody();
      const cursor = cursors.encode(userId, state.revision);
      const answer: SyncAnswer =
        from === undefined
          ? await everything(userId, cursor)
          : from === state.revision
            ? { cursor, full: false, locations: [], deleted: nothingDeleted }
            : await changedSince(userId, cursor, from);
      return { headers, body: answerJson(syncAnswerSchema, answer, validateAnswers) };
    },

    /**
     * GET /sync's 304 when If-None-Match names the current answer, else undefined (a bad
     * cursor throws the same 400 as `changes`).
     */
    async changesNotModified(
      userId: string,
      since: string | undefined,
      ifNoneMatch: string | string[] | undefined,
    ): Promise<ConditionalAnswer | undefined> {
      const { headers } = await changesTag(userId, since);
      return etagMatches(ifNoneMatch, headers.etag) ? { headers } : undefined;
    },

    /**
     * `listNotModified` and `changesNotModified` decided at once, where the revision can be read
     * without a promise (SQLite; undefined on PostgreSQL): the 304's headers, or undefined when
     * the client's copy is stale. Never the ETag of an answer with a body: the read may see a
     * write of this process that has not committed (sync/revision-now.ts).
     */
    notModifiedNow: revisionNow && {
      list(userId: string, ifNoneMatch: string | string[] | undefined) {
        const { headers } = listTagNow(userId, revisionNow);
        return etagMatches(ifNoneMatch, headers.etag) ? headers : undefined;
      },
      /** Throws the same 400 as `changes` for a bad cursor. */
      changes(
        userId: string,
        since: string | undefined,
        ifNoneMatch: string | string[] | undefined,
      ) {
        const { headers } = changesTagOf(userId, since, revisionNow(userId));
        return etagMatches(ifNoneMatch, headers.etag) ? headers : undefined;
      },
    },

    /** A deleted account's cached answer goes at once, not when the cache needs the room. */
    forget(userId: string): void {
      listCache.forget(userId);
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
