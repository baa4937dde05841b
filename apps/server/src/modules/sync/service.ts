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
import type { AnswerVersion, FrontRead } from '../../fast-reads/front-read.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import type { LocationReads as LocationService } from '../../lib/location-reads.ts';
import { defaultPreferencesRow, toPreferences } from '../preferences/mapping.ts';
import { preferencesRepository } from '../preferences/repository.ts';
import { toSavedSearch } from '../saved-searches/mapping.ts';
import { savedSearchesRepository } from '../saved-searches/repository.ts';
import type { CursorCodec } from './cursor.ts';
import type { ListCache } from './list-cache.ts';
import { syncRepository, type RevisionState } from './repository.ts';
import { streamedAnswer } from './streamed-answer.ts';

export interface SyncServiceDeps {
  db: Db;
  signer: UrlSigner;
  locations: LocationService;
  cursors: CursorCodec;
  /** The serialized GET /locations answers (LOCATIONS_CACHE_MB). */
  listCache: ListCache;
  /** Check every answer against its schema before sending it (everywhere but production). */
  validateAnswers: boolean;
  /** The revision read without a promise (SQLite: fast-reads/revision-now.ts), for the front door. */
  revisionNow?: (userId: string) => RevisionState;
}

const nothingDeleted = { locations: [], entries: [] };

/** What GET /locations is made from: the user's revision and the photo-signing day. */
type ListVersion = AnswerVersion<readonly [revision: number, day: number]>;
/** What GET /sync is made from: where it starts (`-`: everything), the revision, the day. */
type ChangesVersion = AnswerVersion<readonly [from: number | '-', revision: number, day: number]>;

const listEtag = ({ userId, parts }: AnswerVersion) => etagOf('l', userId, parts);
const changesEtag = ({ userId, parts }: AnswerVersion) => etagOf('s', userId, parts);
const conditionalHeaders = (etag: string) => ({ etag, 'cache-control': revalidateEveryTime });

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

  /** Everything, `full`, its locations written as they are read (streamed-answer.ts). */
  async function everything(userId: string, cursor: string) {
    const head = `${JSON.stringify({ cursor, full: true }).slice(0, -1)},"locations":[`;
    return streamedAnswer(
      head,
      locations.pages(userId),
      async () => {
        const rest = {
          deleted: nothingDeleted,
          preferences: await preferences(userId),
          searches: (await savedSearchesRepository.list(db, userId)).map(toSavedSearch),
        };
        if (validateAnswers) syncAnswerSchema.parse({ cursor, full: true, locations: [], ...rest });
        return `],${JSON.stringify(rest).slice(1)}`;
      },
      { validate: validateAnswers },
    );
  }

  /** Saved searches changed or deleted after the revision, told only when there are some. */
  async function searchesChangedSince(userId: string, revision: number) {
    const rows = await savedSearchesRepository.changedSince(db, userId, revision);
    const saved = rows.filter((row) => row.deleted_at === null).map(toSavedSearch);
    const gone = rows.filter((row) => row.deleted_at !== null).map((row) => row.id);
    return { saved, gone };
  }

  async function changedSince(userId: string, cursor: string, from: number): Promise<SyncAnswer> {
    // Deletions before changes: a location deleted after this read is then merely told late.
    const deleted = await syncRepository.deletedSince(db, userId, from);
    const searches = await searchesChangedSince(userId, from);
    const changed = await locations.listChangedSince(userId, from);
    return {
      cursor,
      full: false,
      locations: changed,
      deleted: searches.gone.length > 0 ? { ...deleted, searches: searches.gone } : deleted,
      ...(await preferencesChangedSince(userId, from)),
      ...(searches.saved.length > 0 ? { searches: searches.saved } : {}),
    };
  }

  /** The cursor a client sends as `since`; refused (400, naming `since`) unless ours and not ahead. */
  function sinceRevision(userId: string, since: string, current: number): number {
    const revision = cursors.decode(userId, since);
    if (revision === undefined || revision > current)
      throw badField('since', 'not a cursor this server gave you: sync again without it');
    return revision;
  }

  const state = (userId: string) => syncRepository.state(db, userId);

  const listVersion = (userId: string, { revision }: RevisionState): ListVersion => ({
    userId,
    parts: [revision, signer.day()],
  });

  function changesVersion(userId: string, since: string | undefined, current: RevisionState) {
    const given = since === undefined ? undefined : sinceRevision(userId, since, current.revision);
    // Older than the last swept tombstone: the deletions it needs are gone, so everything.
    const from = given !== undefined && given >= current.prunedRevision ? given : undefined;
    const version: ChangesVersion = {
      userId,
      parts: [from ?? '-', current.revision, signer.day()],
    };
    return { from, version };
  }

  return {
    /** GET /locations: the whole list, written as it is read, kept while the revision and day stay. */
    async list(
      userId: string,
      ifNoneMatch: string | string[] | undefined,
      beforeBody: BeforeBody = nothingFirst,
    ): Promise<ConditionalAnswer> {
      const version = listVersion(userId, await state(userId));
      const headers = conditionalHeaders(listEtag(version));
      // A 304 carries no Sync-Cursor: the client has it from the answer its ETag names.
      if (etagMatches(ifNoneMatch, headers.etag)) return { headers };
      await beforeBody();
      const [revision, day] = version.parts;
      const kept = `${revision}.${day}`;
      const body =
        listCache.get(userId, kept) ??
        (await streamedAnswer('{"data":[', locations.pages(userId), async () => ']}', {
          validate: validateAnswers,
          keeper: {
            // Gathering a longer answer than this to keep it would cost the memory the stream
            // saves, and it would push out several other users' answers.
            maxBytes: listCache.maxBytes / 4,
            keep: (whole) => listCache.set(userId, kept, whole),
          },
        }));
      return {
        headers: { ...headers, [syncCursorHeader]: cursors.encode(userId, revision) },
        body,
      };
    },

    /** GET /sync: what changed since the cursor, or everything without one. */
    async changes(
      userId: string,
      since: string | undefined,
      ifNoneMatch: string | string[] | undefined,
      beforeBody: BeforeBody = nothingFirst,
    ): Promise<ConditionalAnswer> {
      const current = await state(userId);
      const { from, version } = changesVersion(userId, since, current);
      const headers = conditionalHeaders(changesEtag(version));
      if (etagMatches(ifNoneMatch, headers.etag)) return { headers };
      await beforeBody();
      const cursor = cursors.encode(userId, current.revision);
      if (from === undefined) return { headers, body: await everything(userId, cursor) };
      const answer: SyncAnswer =
        from === current.revision
          ? { cursor, full: false, locations: [], deleted: nothingDeleted }
          : await changedSince(userId, cursor, from);
      return { headers, body: answerJson(syncAnswerSchema, answer, validateAnswers) };
    },

    /**
     * GET /locations and GET /sync as the front door asks them (fast-reads/front-read.ts): on
     * SQLite the revision is read at once (`revisionNow`), elsewhere with the routes' read.
     */
    front: {
      list: {
        etag: listEtag,
        notModifiedNow: (userId) =>
          revisionNow
            ? listVersion(userId, revisionNow(userId))
            : state(userId).then((current) => listVersion(userId, current)),
      } satisfies FrontRead,
      changes: {
        etag: changesEtag,
        notModifiedNow: (userId, since) =>
          revisionNow
            ? changesVersion(userId, since, revisionNow(userId)).version
            : state(userId).then((current) => changesVersion(userId, since, current).version),
      } satisfies FrontRead<string | undefined>,
    },

    /** A deleted account's cached answer goes at once, not when the cache needs the room. */
    forget(userId: string): void {
      listCache.forget(userId);
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
