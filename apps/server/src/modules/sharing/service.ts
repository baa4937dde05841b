import { randomUUID } from 'node:crypto';
import {
  shareLimits,
  type CreateShareInput,
  type Share,
  type SharedLocation,
  type SharePreviewInput,
  type ShareDatePrecision,
  type SharePrecision,
  type UpdateShareInput,
} from '@fj/contract/sharing';
import type { Db } from '../../db/executor.ts';
import type { ShareGrantsTable, SharesTable } from '../../db/schema.ts';
import { AppError, badField, notFound } from '../../errors.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { newSecret, newToken, tokenHash } from './credentials.ts';
import { invitationMail } from './invitation-mail.ts';
import { projectRows } from './projections.ts';
import { sharesRepository } from './repository.ts';

const dayMs = 86_400_000;

export interface ShareServiceDeps {
  db: Db;
  /** PUBLIC_URL: a link is PUBLIC_URL/s/#token. */
  publicUrl: string;
  /** Sends an e-mail share's invitation (SMTP_URL, else DATA_DIR/outbox). */
  mailer: Mailer;
  /** A mail that could not be sent: logged, the share stands (the owner sees it pending). */
  onMailFailure: (error: unknown) => void;
  now?: () => number;
}

/** The expiry asked for (default 30 days), refused when past or more than 365 days ahead. */
function expiryOf(asked: string | undefined, now: number): string {
  if (asked === undefined) return new Date(now + shareLimits.defaultDays * dayMs).toISOString();
  const at = Date.parse(asked);
  if (!(at > now)) throw badField('expiresAt', 'must be in the future');
  if (at > now + shareLimits.maxDays * dayMs)
    throw badField('expiresAt', `must be at most ${shareLimits.maxDays} days ahead`);
  return new Date(at).toISOString();
}

function statusOf(share: SharesTable, grant: ShareGrantsTable | undefined, now: string) {
  if (share.revoked_at) return 'revoked' as const;
  if (share.expires_at <= now) return 'expired' as const;
  if (share.token_hash) return 'active' as const;
  return grant?.user_id ? ('accepted' as const) : ('pending' as const);
}

/** An owner's shares: create, list, change, revoke (docs/behaviour.md#sharing). */
export function createShareService(deps: ShareServiceDeps) {
  const { db, publicUrl, now = () => Date.now() } = deps;
  /** The ids once each, every one a location of the user, else the 404 of a missing one. */
  async function ownLocations(userId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if ((await sharesRepository.ownLocationCount(db, userId, unique)) !== unique.length)
      throw notFound('Location');
    return unique;
  }

  async function described(rows: readonly SharesTable[]): Promise<Share[]> {
    const ids = rows.map((row) => row.id);
    const links = await sharesRepository.locationIdsOf(db, ids);
    const grants = new Map(
      (await sharesRepository.grantsOf(db, ids)).map((grant) => [grant.share_id, grant]),
    );
    const at = new Date(now()).toISOString();
    return rows.map((row) => {
      const grant = grants.get(row.id);
      return {
        id: row.id,
        audience: row.token_hash ? { link: true as const } : { email: grant?.email ?? '' },
        locationIds: links.filter((l) => l.share_id === row.id).map((l) => l.location_id),
        precision: row.precision as SharePrecision,
        dates: row.dates as ShareDatePrecision,
        include: {
          finds: Boolean(row.include_finds),
          notes: Boolean(row.include_notes),
          photos: Boolean(row.include_photos),
        },
        status: statusOf(row, grant, at),
        expiresAt: row.expires_at,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
        useCount: Number(row.use_count),
      };
    });
  }

  async function liveShare(userId: string, id: string): Promise<SharesTable> {
    const share = await sharesRepository.ownShare(db, userId, id);
    if (!share || share.revoked_at) throw notFound('Share');
    return share;
  }

  /**
   * Mails the invitation without waiting for it: the owner's answer neither waits on the mail
   * server nor depends on it, and says nothing of whether the address has an account.
   */
  async function invite(
    userId: string,
    share: SharesTable,
    spots: number,
    grant: ShareGrantsTable,
    to: string,
    token: string,
  ): Promise<void> {
    const owner = await sharesRepository.person(db, userId);
    const mail = invitationMail({
      to,
      from: owner?.name ?? '',
      spots,
      precision: share.precision as SharePrecision,
      expiresAt: share.expires_at,
      grantId: grant.id,
      token,
      publicUrl,
    });
    deps.mailer.send(mail).catch(deps.onMailFailure);
  }

  return {
    async create(userId: string, input: CreateShareInput): Promise<{ id: string; url?: string }> {
      const at = now();
      const expiresAt = expiryOf(input.expiresAt, at);
      const locationIds = await ownLocations(userId, input.locationIds);
      const id = randomUUID();
      const token = 'link' in input.audience ? newToken() : null;
      // The invitation mail's token: taking the invitation needs it (or a verified address).
      const claim = 'email' in input.audience ? newToken() : null;
      const share: SharesTable = {
        id,
        user_id: userId,
        token_hash: token ? tokenHash(token) : null,
        secret: newSecret(),
        precision: input.precision,
        dates: input.dates,
        include_finds: input.include?.finds ? 1 : 0,
        include_notes: input.include?.notes ? 1 : 0,
        include_photos: input.include?.photos ? 1 : 0,
        version: 1,
        expires_at: expiresAt,
        created_at: new Date(at).toISOString(),
        last_used_at: null,
        use_count: 0,
        revoked_at: null,
      };
      // The same answer whether or not the address has an account: nothing is looked up.
      const grant =
        'email' in input.audience
          ? {
              id: randomUUID(),
              share_id: id,
              email: input.audience.email.toLowerCase(),
              user_id: null,
              status: 'pending' as const,
              claim_hash: claim ? tokenHash(claim) : null,
            }
          : null;
      await db
        .transaction()
        .execute((trx) => sharesRepository.insert(trx, share, locationIds, grant));
      if (grant && claim && 'email' in input.audience)
        await invite(userId, share, locationIds.length, grant, input.audience.email, claim);
      return token ? { id, url: `${publicUrl}/s/#${token}` } : { id };
    },
    /** What a share of these spots would show: computed as a viewer's, kept nowhere. */
    async preview(userId: string, input: SharePreviewInput): Promise<SharedLocation[]> {
      const ids = await ownLocations(userId, input.locationIds);
      const sources = await sharesRepository.sources(db, userId, ids);
      const projected = projectRows(
        {
          secret: newSecret(),
          precision: input.precision,
          dates: input.dates,
          include: {
            finds: input.include?.finds ?? false,
            notes: input.include?.notes ?? false,
            photos: input.include?.photos ?? false,
          },
        },
        sources,
      );
      return [...projected.values()]
        .map((projection) => projection.location)
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async list(userId: string): Promise<Share[]> {
      return described(await sharesRepository.ofOwner(db, userId));
    },
    async update(userId: string, id: string, input: UpdateShareInput): Promise<Share> {
      const share = await liveShare(userId, id);
      const changes: Partial<SharesTable> = { version: share.version + 1 };
      if (input.precision) changes.precision = input.precision;
      if (input.dates) changes.dates = input.dates;
      if (input.include) {
        const { finds, notes, photos } = input.include;
        if (finds !== undefined) changes.include_finds = finds ? 1 : 0;
        if (notes !== undefined) changes.include_notes = notes ? 1 : 0;
        if (photos !== undefined) changes.include_photos = photos ? 1 : 0;
      }
      if (input.expiresAt !== undefined) changes.expires_at = expiryOf(input.expiresAt, now());
      const locationIds = input.locationIds && (await ownLocations(userId, input.locationIds));
      await db.transaction().execute(async (trx) => {
        await sharesRepository.update(trx, userId, id, changes);
        if (locationIds) await sharesRepository.replaceLocations(trx, id, locationIds);
      });
      const [changed] = await described([{ ...share, ...changes }]);
      if (!changed) throw new AppError('INTERNAL', 'share vanished');
      return changed;
    },
    /** Ends the share for every viewer at once: every route reads it from the database. */
    async revoke(userId: string, id: string): Promise<void> {
      await liveShare(userId, id);
      await sharesRepository.update(db, userId, id, { revoked_at: new Date(now()).toISOString() });
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
