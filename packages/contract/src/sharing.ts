import { z } from './zod.ts';
import { findSchema } from './finds.ts';
import { idParamSchema } from './common.ts';
import { polygonSchema, positionSchema } from './locations.ts';

/** How finely a shared spot's place is shown (docs/behaviour.md#sharing). */
export const sharePrecisions = ['exact', 'km1', 'cell02', 'hidden'] as const;
export type SharePrecision = (typeof sharePrecisions)[number];

/** How finely a shared entry's date is shown: `2026-08-15`, `2026-08`, `2026`. */
export const shareDatePrecisions = ['day', 'month', 'year'] as const;
export type ShareDatePrecision = (typeof shareDatePrecisions)[number];

export const shareLimits = {
  /** Spots in one share. */
  locations: 100,
  /** Days a share lives unless told otherwise, and at most. */
  defaultDays: 30,
  maxDays: 365,
  emailLength: 254,
  /** The link's token: 32 random bytes, base64url. */
  tokenLength: 43,
  /** Minutes a link's credential lasts. */
  credentialMinutes: 15,
} as const;

const includeSchema = z.object({
  finds: z.boolean().optional(),
  notes: z.boolean().optional(),
  photos: z.boolean().optional(),
});

const audienceSchema = z.union([
  z.object({ email: z.email().max(shareLimits.emailLength) }).strict(),
  z.object({ link: z.literal(true) }).strict(),
]);

const locationIdsSchema = z.array(idParamSchema).min(1).max(shareLimits.locations);

export const createShareSchema = z.object({
  locationIds: locationIdsSchema,
  audience: audienceSchema,
  precision: z.enum(sharePrecisions),
  dates: z.enum(shareDatePrecisions),
  include: includeSchema.optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateShareInput = z.infer<typeof createShareSchema>;

/**
 * POST /shares/preview: what a share of these spots would show, before anything is made (the
 * Share dialog's preview). The same projection a viewer receives, with ids of a throwaway secret.
 */
export const sharePreviewSchema = createShareSchema.pick({
  locationIds: true,
  precision: true,
  dates: true,
  include: true,
});
export type SharePreviewInput = z.infer<typeof sharePreviewSchema>;

export const updateShareSchema = z.object({
  locationIds: locationIdsSchema.optional(),
  precision: z.enum(sharePrecisions).optional(),
  dates: z.enum(shareDatePrecisions).optional(),
  include: includeSchema.optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type UpdateShareInput = z.infer<typeof updateShareSchema>;

export const createShareAnswerSchema = z.object({
  data: z.object({ id: z.string(), url: z.string().optional() }),
});

/** A share as its owner sees it. */
export const shareSchema = z.object({
  id: z.string(),
  audience: z.union([z.object({ email: z.string() }), z.object({ link: z.literal(true) })]),
  locationIds: z.array(z.string()),
  precision: z.enum(sharePrecisions),
  dates: z.enum(shareDatePrecisions),
  include: z.object({ finds: z.boolean(), notes: z.boolean(), photos: z.boolean() }),
  status: z.enum(['pending', 'accepted', 'active', 'expired', 'revoked']),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  useCount: z.number(),
});
export type Share = z.infer<typeof shareSchema>;
export const shareListSchema = z.object({ data: z.array(shareSchema) });
export const shareAnswerSchema = z.object({ data: shareSchema });

/** A shared photo: the display image, fetched from the share's photo route by this id. */
export const sharedPhotoSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
});

export const sharedEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  finds: z.array(findSchema).optional(),
  notes: z.string().optional(),
  photos: z.array(sharedPhotoSchema).optional(),
});

/** What a viewer receives of one spot: never the record, only this. */
export const sharedLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: positionSchema.optional(),
  /** The patch at `exact`; the grid square at `km1` and `cell02`. */
  area: polygonSchema.optional(),
  entries: z.array(sharedEntrySchema),
});
export type SharedLocation = z.infer<typeof sharedLocationSchema>;

export const sharePreviewAnswerSchema = z.object({
  data: z.object({ locations: z.array(sharedLocationSchema) }),
});

const fromSchema = z.object({ name: z.string() });

export const sharedWithMeSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      from: fromSchema,
      status: z.enum(['pending', 'accepted']),
      precision: z.enum(sharePrecisions),
      expiresAt: z.string(),
      locations: z.array(sharedLocationSchema).optional(),
    }),
  ),
});

/**
 * POST /shared/{id}/accept: the token of the invitation mail (its link's fragment). Needed
 * unless the account's address is verified; a token once taken verifies it.
 */
export const acceptShareSchema = z
  .object({
    token: z
      .string()
      .min(1)
      .max(shareLimits.tokenLength * 2),
  })
  .strict();
export type AcceptShareInput = z.infer<typeof acceptShareSchema>;

/** One entry of GET /shared: an invitation, or an accepted share with its spots. */
export type SharedGrant = z.infer<typeof sharedWithMeSchema>['data'][number];

export const shareSessionRequestSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(shareLimits.tokenLength * 2),
});
export const shareSessionAnswerSchema = z.object({
  data: z.object({ credential: z.string(), expiresIn: z.number() }),
});

export const sharedLinkSchema = z.object({
  data: z.object({
    from: fromSchema,
    precision: z.enum(sharePrecisions),
    expiresAt: z.string(),
    locations: z.array(sharedLocationSchema),
  }),
});
