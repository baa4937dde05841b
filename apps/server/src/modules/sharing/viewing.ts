import type { Readable } from 'node:stream';
import type { SharedLocation, SharePrecision } from '@fj/contract/sharing';
import type { Db } from '../../db/executor.ts';
import type { SharesTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { WindowCounts } from '../../lib/window-counts.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { credentialLifetimeMs, sameHash, tokenHash, type ShareCredentials } from './credentials.ts';
import { sharedSpots } from './projections.ts';
import { sharesRepository } from './repository.ts';

/** Wrong link tokens one client address may send per window before it gets 429s. */
export const wrongTokenLimit = { max: 10, windowMs: 15 * 60_000 } as const;

export interface ViewingDeps {
  db: Db;
  storage: PhotoStorage;
  credentials: ShareCredentials;
  /** Counts wrong tokens per client address, across servers when Redis is shared. */
  guesses: WindowCounts;
  now?: () => number;
}

export interface SharedWithMe {
  id: string;
  from: { name: string };
  status: 'pending' | 'accepted';
  precision: SharePrecision;
  expiresAt: string;
  locations?: SharedLocation[];
}

const gone = () => notFound('Share');

/** better-auth's flag: a boolean on PostgreSQL, 0 or 1 on SQLite. */
const isVerified = (person: { emailVerified: boolean | number }) => Boolean(person.emailVerified);

/** Accepted by this account: a grant whose account was deleted is pending for its address again. */
const isAccepted = (grant: { grant_status: string; grant_user: string | null }, userId: string) =>
  grant.grant_status === 'accepted' && grant.grant_user === userId;

/**
 * What viewers reach: a grantee's invitations and accepted shares, a link's session and view,
 * and the shared photos. Every call reads its share from the database (in force: not revoked,
 * not expired), so a revoke or an expiry is a 404 on every server at once.
 */
export function createViewingService(deps: ViewingDeps) {
  const { db, credentials, guesses, now = () => Date.now() } = deps;
  const nowIso = () => new Date(now()).toISOString();

  async function grantsOf(userId: string) {
    const person = await sharesRepository.person(db, userId);
    if (!person) return [];
    const email = isVerified(person) ? person.email.toLowerCase() : null;
    return sharesRepository.grantsTo(db, userId, email, nowIso());
  }

  async function acceptedShare(userId: string, grantId: string): Promise<SharesTable> {
    const grant = (await grantsOf(userId)).find((row) => row.grant_id === grantId);
    if (!grant || !isAccepted(grant, userId)) throw gone();
    return grant;
  }

  async function linkShare(credential: string | undefined): Promise<SharesTable> {
    const hash = credential ? credentials.verify(credential) : null;
    if (!hash) throw new AppError('UNAUTHORIZED', 'A valid share credential is required');
    const share = await sharesRepository.linkShare(db, hash, nowIso());
    if (!share) throw gone();
    return share;
  }

  async function photoOf(share: SharesTable, photoId: string): Promise<Readable> {
    const { photoKeys } = await sharedSpots(db, share);
    const realId = photoKeys.get(photoId);
    const photo = realId ? await sharesRepository.photo(db, share.user_id, realId) : undefined;
    const body = photo ? await deps.storage.get(photo.file_path) : null;
    if (!body) throw notFound('Photo');
    return body;
  }

  return {
    async sharedWithMe(userId: string): Promise<SharedWithMe[]> {
      const answer: SharedWithMe[] = [];
      for (const grant of await grantsOf(userId)) {
        const accepted = isAccepted(grant, userId);
        answer.push({
          id: grant.grant_id,
          from: { name: grant.owner_name },
          status: accepted ? 'accepted' : 'pending',
          precision: grant.precision as SharePrecision,
          expiresAt: grant.expires_at,
          ...(accepted ? { locations: (await sharedSpots(db, grant)).locations } : {}),
        });
        if (accepted) await sharesRepository.recordUse(db, grant.id, nowIso());
      }
      return answer;
    },
    /**
     * Takes an invitation addressed to this account's address (or already theirs). The address
     * must be proven: verified, or the token of the invitation mail given (which verifies it).
     * Anything else is the 404 of a missing invitation.
     */
    async accept(userId: string, grantId: string, token?: string): Promise<void> {
      const person = await sharesRepository.person(db, userId);
      const grant = await sharesRepository.grantInForce(db, grantId, nowIso());
      if (!person || !grant || grant.owner_id === userId) throw gone();
      if (grant.user_id === userId) return;
      if (grant.user_id !== null || grant.email !== person.email.toLowerCase()) throw gone();
      const claimed =
        token !== undefined &&
        grant.claim_hash !== null &&
        sameHash(grant.claim_hash, tokenHash(token));
      if (!claimed && !isVerified(person)) throw gone();
      await db.transaction().execute(async (trx) => {
        await sharesRepository.accept(trx, grantId, userId);
        if (claimed && !isVerified(person)) await sharesRepository.markVerified(trx, userId);
      });
    },
    grantPhoto: async (userId: string, grantId: string, photoId: string) =>
      photoOf(await acceptedShare(userId, grantId), photoId),

    /** A link's token for a 15-minute credential; wrong tokens are counted per address. */
    async session(token: string, client: string) {
      const key = `share-token:${client}`;
      if ((await guesses.current(key)) >= wrongTokenLimit.max)
        throw new AppError('RATE_LIMITED', 'Too many wrong share links; try again later');
      const hash = tokenHash(token);
      const share = await sharesRepository.linkShare(db, hash, nowIso());
      if (!share) {
        await guesses.add(key, wrongTokenLimit.windowMs);
        throw gone();
      }
      await sharesRepository.recordUse(db, share.id, nowIso());
      return { credential: credentials.issue(hash), expiresIn: credentialLifetimeMs / 1000 };
    },
    async linkView(credential: string | undefined) {
      const share = await linkShare(credential);
      const owner = await sharesRepository.person(db, share.user_id);
      return {
        from: { name: owner?.name ?? '' },
        precision: share.precision as SharePrecision,
        expiresAt: share.expires_at,
        locations: (await sharedSpots(db, share)).locations,
      };
    },
    linkPhoto: async (credential: string | undefined, photoId: string) =>
      photoOf(await linkShare(credential), photoId),
  };
}

export type ViewingService = ReturnType<typeof createViewingService>;
