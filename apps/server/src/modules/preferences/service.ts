import type { CreatePreferencesInput, Preferences } from '@fj/contract/preferences';
import type { Db } from '../../db/executor.ts';
import type { PreferencesTable } from '../../db/schema.ts';
import { badField, notFound } from '../../errors.ts';
import type { FrontRead, KeptAnswer } from '../../fast-reads/front-read.ts';
import { answerJson } from '../../lib/conditional.ts';
import { nowIso, parseJson } from '../../lib/json.ts';
import { syncRepository } from '../sync/repository.ts';
import { preferencesAnswerSchema, preferencesEtag, preferencesVersion } from './answer.ts';
import { defaultPreferencesRow, toPreferences, toRow } from './mapping.ts';
import { createPreferencesRowCache } from './row-cache.ts';
import { preferencesRepository as repo } from './repository.ts';

/** A record just written is there to read, unless the user was deleted meanwhile. */
function found(row: PreferencesTable | undefined): PreferencesTable {
  if (!row) throw notFound('Preferences');
  return row;
}

/** Lists as the user typed them, trimmed, empty and repeated names dropped. */
const tidy = (list: readonly string[]) => [
  ...new Set(list.map((item) => item.trim()).filter(Boolean)),
];

export interface PreferencesServiceOptions {
  /**
   * Keep read records in memory (createPreferencesRowCache). Only where this process is the
   * database's one writer: a server sharing PostgreSQL with others would not hear their writes.
   */
  cacheRows?: boolean;
  /** Check the answers the front door sends against their schema (everywhere but production). */
  validateAnswers?: boolean;
}

export function createPreferencesService(db: Db, options: PreferencesServiceOptions = {}) {
  const cache = options.cacheRows ? createPreferencesRowCache() : undefined;

  /**
   * A record with the defaults, made on first need, so a failed first POST is harmless. Making
   * it is a write like any other: it raises the user's revision (docs/behaviour.md#sync).
   */
  async function load(userId: string): Promise<PreferencesTable> {
    const existing = await repo.find(db, userId);
    if (existing) return existing;
    await db.transaction().execute(async (trx) => {
      const revision = await syncRepository.bump(trx, userId);
      await repo.insertIfAbsent(trx, defaultPreferencesRow(userId, revision));
    });
    return found(await repo.find(db, userId));
  }

  const ensure = (userId: string) =>
    cache ? cache.through(userId, () => load(userId)) : load(userId);

  /** A kept record's answer, made once: the cache hands out the same row until a write. */
  const answers = new WeakMap<PreferencesTable, Preferences>();
  const answerOf = (row: PreferencesTable): Preferences => {
    let answer = answers.get(row);
    if (!answer) {
      answer = toPreferences(row);
      answers.set(row, answer);
    }
    return answer;
  };

  /** The record as the front door may send it, while it is kept in memory (SQLite). */
  function keptAnswer(userId: string): KeptAnswer | undefined {
    const row = cache?.known(userId);
    if (!row) return undefined;
    return {
      version: preferencesVersion(userId, Number(row.revision)),
      body: () =>
        answerJson(
          preferencesAnswerSchema,
          { data: answerOf(row) },
          options.validateAnswers ?? false,
        ),
    };
  }

  /** Runs a write of the user's record; the cache forgets the record however it ends. */
  async function writing<T>(userId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      cache?.forget(userId);
    }
  }

  async function change(userId: string, changes: Partial<PreferencesTable>): Promise<Preferences> {
    return writing(userId, () =>
      db.transaction().execute(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        if (!(await repo.find(trx, userId)))
          await repo.insertIfAbsent(trx, defaultPreferencesRow(userId, revision));
        await repo.update(trx, userId, { ...changes, updated_at: nowIso(), revision });
        return toPreferences(found(await repo.find(trx, userId)));
      }),
    );
  }

  return {
    /** After another module wrote the record (a restore): the next read goes to the database. */
    forget(userId: string): void {
      cache?.forget(userId);
    },
    async create(userId: string, input: CreatePreferencesInput): Promise<Preferences> {
      if (input.id !== userId) throw badField('id', "must be the signed-in user's id");
      await writing(userId, () =>
        db.transaction().execute(async (trx) => {
          // Once per user, from each new device: a record that exists already stays as it is,
          // and as nothing changed, no revision is raised (a raised one would also throw away
          // the user's kept list answer, docs/behaviour.md#sync).
          if (await repo.find(trx, userId)) return;
          await repo.insertIfAbsent(trx, toRow(input, await syncRepository.bump(trx, userId)));
        }),
      );
      return toPreferences(found(await repo.find(db, userId)));
    },
    async get(userId: string): Promise<Preferences> {
      return answerOf(await ensure(userId));
    },
    /** The preferences and the revision of their last change, which their ETag names. */
    async read(userId: string): Promise<{ preferences: Preferences; revision: number }> {
      const row = await ensure(userId);
      return { preferences: answerOf(row), revision: Number(row.revision) };
    },
    /** GET /preferences as the front door asks it (fast-reads/front-read.ts): the kept record. */
    front: {
      etag: preferencesEtag,
      kept: keptAnswer,
      notModifiedNow: (userId) => keptAnswer(userId)?.version,
    } satisfies FrontRead,
    /** Categories that go also lose their species lists, so no orphan list lingers. */
    async setCategories(userId: string, categories: string[]): Promise<Preferences> {
      const kept = tidy(categories);
      const species = parseJson<Record<string, string[]>>((await ensure(userId)).custom_species);
      const keptSpecies = Object.fromEntries(
        // Own keys only: a category may be called "constructor" or "toString".
        kept.map((category) => [
          category,
          Object.hasOwn(species, category) ? species[category] : [],
        ]),
      );
      return change(userId, {
        custom_species_categories: JSON.stringify(kept),
        custom_species: JSON.stringify(keptSpecies),
      });
    },
    async setSpecies(userId: string, category: string, list: string[]): Promise<Preferences> {
      const row = await ensure(userId);
      const categories = parseJson<string[]>(row.custom_species_categories);
      const species = parseJson<Record<string, string[]>>(row.custom_species);
      const name = category.trim();
      if (!name) throw badField('category', 'must not be empty');
      return change(userId, {
        custom_species_categories: JSON.stringify(
          categories.includes(name) ? categories : [...categories, name],
        ),
        custom_species: JSON.stringify({ ...species, [name]: tidy(list) }),
      });
    },
    setTerrain: (userId: string, list: string[]) =>
      change(userId, { custom_terrain_types: JSON.stringify(tidy(list)) }),
    setTrees: (userId: string, list: string[]) =>
      change(userId, { custom_tree_types: JSON.stringify(tidy(list)) }),
    setTutorial: (userId: string, show: boolean) => change(userId, { show_tutorial: show ? 1 : 0 }),
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
