import { randomUUID } from 'node:crypto';
import {
  maxSavedSearches,
  type CreateSavedSearchInput,
  type SavedSearch,
  type UpdateSavedSearchInput,
} from '@fj/contract/saved-searches';
import { tombstoneRetentionDays } from '@fj/contract/sync';
import type { Db } from '../../db/executor.ts';
import type { SavedSearchesTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { nowIso } from '../../lib/json.ts';
import { syncRepository } from '../sync/repository.ts';
import { toSavedSearch } from './mapping.ts';
import { savedSearchesRepository as repo } from './repository.ts';

const retentionMs = tombstoneRetentionDays * 24 * 60 * 60 * 1000;

/**
 * Saved searches (docs/behaviour.md#search): each write bumps the user's revision first and
 * stamps the row with it, so GET /sync carries it; a delete keeps the row, marked, as its word.
 */
export function createSavedSearchService(db: Db) {
  async function own(userId: string, id: string): Promise<SavedSearchesTable> {
    const row = await repo.findById(db, id);
    if (!row || row.user_id !== userId || row.deleted_at !== null) throw notFound('Search');
    return row;
  }

  return {
    async list(userId: string): Promise<SavedSearch[]> {
      return (await repo.list(db, userId)).map(toSavedSearch);
    },

    /** Idempotent: a retried POST with the same id answers the search it saved. */
    async create(
      userId: string,
      input: CreateSavedSearchInput,
    ): Promise<{ search: SavedSearch; created: boolean }> {
      const id = input.id ?? randomUUID();
      const now = nowIso();
      // A retry changes nothing, so it bumps nothing.
      const before = input.id === undefined ? undefined : await repo.findById(db, id);
      if (before && before.user_id === userId && before.deleted_at === null) {
        return { search: toSavedSearch(before), created: false };
      }
      return db.transaction().execute(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        const existing = await repo.findById(trx, id);
        if (existing && existing.user_id !== userId) {
          throw new AppError('CONFLICT', 'id: already used by another search', {
            id: 'already used',
          });
        }
        if (existing && existing.deleted_at === null) {
          return { search: toSavedSearch(existing), created: false };
        }
        if ((await repo.countSaved(trx, userId)) >= maxSavedSearches) {
          throw new AppError(
            'QUOTA_EXCEEDED',
            `You have reached the limit of ${maxSavedSearches} saved searches`,
          );
        }
        await repo.sweepDeleted(trx, userId, new Date(Date.parse(now) - retentionMs).toISOString());
        const row: SavedSearchesTable = {
          id,
          user_id: userId,
          name: input.name,
          query: input.query,
          created_at: now,
          updated_at: now,
          revision,
          deleted_at: null,
        };
        await repo.upsert(trx, row);
        return { search: toSavedSearch(row), created: true };
      });
    },

    async update(userId: string, id: string, input: UpdateSavedSearchInput): Promise<SavedSearch> {
      const row = await own(userId, id);
      const changes = {
        ...(input.name !== undefined && input.name !== row.name ? { name: input.name } : {}),
        ...(input.query !== undefined && input.query !== row.query ? { query: input.query } : {}),
      };
      // A write that changes nothing bumps nothing.
      if (Object.keys(changes).length === 0) return toSavedSearch(row);
      return db.transaction().execute(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        const updated = { ...row, ...changes, updated_at: nowIso(), revision };
        await repo.update(trx, userId, id, updated);
        return toSavedSearch(updated);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      await own(userId, id);
      await db.transaction().execute(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        await repo.update(trx, userId, id, { deleted_at: nowIso(), revision });
      });
    },
  };
}

export type SavedSearchService = ReturnType<typeof createSavedSearchService>;
