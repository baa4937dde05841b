import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { inList } from '../../db/query-fragments.ts';
import type {
  EntriesTable,
  LocationsTable,
  PhotosTable,
  ShareGrantsTable,
  ShareLocationsTable,
  SharesTable,
} from '../../db/schema.ts';

/** The only place that queries shares; an owner's queries are scoped by user id. */
export const sharesRepository = {
  async insert(
    db: Executor,
    share: SharesTable,
    locationIds: readonly string[],
    grant: ShareGrantsTable | null,
  ): Promise<void> {
    await db.insertInto('shares').values(share).execute();
    await sharesRepository.replaceLocations(db, share.id, locationIds);
    if (grant) await db.insertInto('share_grants').values(grant).execute();
  },
  async replaceLocations(db: Executor, shareId: string, ids: readonly string[]): Promise<void> {
    await db.deleteFrom('share_locations').where('share_id', '=', shareId).execute();
    const rows = ids.map((id) => ({
      share_id: shareId,
      location_id: id,
      projection: null,
      photo_keys: null,
      projected_version: null,
      projected_revision: null,
    }));
    if (rows.length > 0) await db.insertInto('share_locations').values(rows).execute();
  },
  /** How many of these ids are locations of the user. */
  async ownLocationCount(db: Executor, userId: string, ids: readonly string[]): Promise<number> {
    const rows = await db
      .selectFrom('locations')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', inList(ids))
      .execute();
    return rows.length;
  },
  ofOwner(db: Executor, userId: string): Promise<SharesTable[]> {
    return db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  },
  ownShare(db: Executor, userId: string, id: string): Promise<SharesTable | undefined> {
    return db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  },
  async locationIdsOf(db: Executor, shareIds: readonly string[]) {
    if (shareIds.length === 0) return [];
    return db
      .selectFrom('share_locations')
      .select(['share_id', 'location_id'])
      .where('share_id', 'in', inList(shareIds))
      .orderBy('location_id')
      .execute();
  },
  async grantsOf(db: Executor, shareIds: readonly string[]): Promise<ShareGrantsTable[]> {
    if (shareIds.length === 0) return [];
    return db
      .selectFrom('share_grants')
      .selectAll()
      .where('share_id', 'in', inList(shareIds))
      .execute();
  },
  async update(db: Executor, userId: string, id: string, changes: Partial<SharesTable>) {
    await db
      .updateTable('shares')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  },
  /** The link share of a token hash, if in force. */
  linkShare(db: Executor, hash: string, now: string): Promise<SharesTable | undefined> {
    return db
      .selectFrom('shares')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },
  /**
   * The invitations to this user of shares in force: theirs by account, and, while pending, by
   * address when the address is verified (an unverified one could be anyone's: it sees none).
   */
  grantsTo(db: Executor, userId: string, email: string | null, now: string) {
    return db
      .selectFrom('share_grants')
      .innerJoin('shares', 'shares.id', 'share_grants.share_id')
      .innerJoin('user', 'user.id', 'shares.user_id')
      .selectAll('shares')
      .select([
        'share_grants.id as grant_id',
        'share_grants.status as grant_status',
        'share_grants.user_id as grant_user',
        'user.name as owner_name',
      ])
      .where((eb) =>
        email === null
          ? eb('share_grants.user_id', '=', userId)
          : eb.or([
              eb('share_grants.user_id', '=', userId),
              eb.and([
                eb('share_grants.user_id', 'is', null),
                eb('share_grants.email', '=', email),
              ]),
            ]),
      )
      .where('shares.revoked_at', 'is', null)
      .where('shares.expires_at', '>', now)
      .where('shares.user_id', '!=', userId)
      .orderBy('shares.created_at', 'desc')
      .orderBy('share_grants.id')
      .execute();
  },
  /** One invitation of a share in force, whoever it is for. */
  grantInForce(db: Executor, grantId: string, now: string) {
    return db
      .selectFrom('share_grants')
      .innerJoin('shares', 'shares.id', 'share_grants.share_id')
      .select([
        'share_grants.email',
        'share_grants.user_id',
        'share_grants.claim_hash',
        'shares.user_id as owner_id',
      ])
      .where('share_grants.id', '=', grantId)
      .where('shares.revoked_at', 'is', null)
      .where('shares.expires_at', '>', now)
      .executeTakeFirst();
  },
  async accept(db: Executor, grantId: string, userId: string): Promise<void> {
    await db
      .updateTable('share_grants')
      .set({ status: 'accepted', user_id: userId })
      .where('id', '=', grantId)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
      .execute();
  },
  /** The invitation's token reached this account from the mailbox: its address is proven. */
  async markVerified(db: Executor, userId: string): Promise<void> {
    await db
      .updateTable('user')
      .set({ emailVerified: sql<boolean>`true` })
      .where('id', '=', userId)
      .execute();
  },
  person(db: Executor, userId: string) {
    return db
      .selectFrom('user')
      .select(['name', 'email', 'emailVerified'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },
  async recordUse(db: Executor, shareId: string, now: string): Promise<void> {
    await db
      .updateTable('shares')
      .set((eb) => ({ use_count: eb('use_count', '+', 1), last_used_at: now }))
      .where('id', '=', shareId)
      .execute();
  },
  /** The share's spots that are still the owner's, with their current revision. */
  spotsOf(db: Executor, share: SharesTable) {
    return db
      .selectFrom('share_locations')
      .innerJoin('locations', 'locations.id', 'share_locations.location_id')
      .selectAll('share_locations')
      .select('locations.revision as location_revision')
      .where('share_locations.share_id', '=', share.id)
      .where('locations.user_id', '=', share.user_id)
      .orderBy('locations.name')
      .orderBy('locations.id')
      .execute();
  },
  /** The rows a projection is built from, of these spots of the owner's. */
  async sources(db: Executor, ownerId: string, locationIds: readonly string[]) {
    const ids = inList(locationIds);
    const locations: LocationsTable[] = await db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', ownerId)
      .where('id', 'in', ids)
      .execute();
    const entries: EntriesTable[] = await db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', ownerId)
      .where('location_id', 'in', ids)
      .execute();
    const photos: PhotosTable[] = await db
      .selectFrom('photos')
      .innerJoin('entries', 'entries.id', 'photos.entry_id')
      .selectAll('photos')
      .where('photos.user_id', '=', ownerId)
      .where('entries.location_id', 'in', ids)
      .orderBy('photos.position')
      .execute();
    return { locations, entries, photos };
  },
  async storeProjection(db: Executor, row: ShareLocationsTable): Promise<void> {
    await db
      .updateTable('share_locations')
      .set({
        projection: row.projection,
        photo_keys: row.photo_keys,
        projected_version: row.projected_version,
        projected_revision: row.projected_revision,
      })
      .where('share_id', '=', row.share_id)
      .where('location_id', '=', row.location_id)
      .execute();
  },
  photo(db: Executor, userId: string, photoId: string): Promise<PhotosTable | undefined> {
    return db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', photoId)
      .executeTakeFirst();
  },
};
