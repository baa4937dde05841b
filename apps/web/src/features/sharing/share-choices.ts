import type {
  CreateShareInput,
  Share,
  ShareDatePrecision,
  SharePrecision,
  SharePreviewInput,
  UpdateShareInput,
} from '@fj/contract/sharing';
import { shareLimits } from '@fj/contract/sharing';

/** What the Share dialog asks; the audience only when a share is made. */
export interface ShareChoices {
  locationIds: string[];
  precision: SharePrecision;
  dates: ShareDatePrecision;
  include: { finds: boolean; notes: boolean; photos: boolean };
  /** The last day, `YYYY-MM-DD` on this device's calendar; the share ends as it ends. */
  expiresOn: string;
}

const dayMs = 86_400_000;

/** `YYYY-MM-DD` of a moment on this device's calendar. */
export function localDay(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days a share may end on: tomorrow to 364 days ahead (the server allows 365 from now). */
export const expiryRange = (now: number) => ({
  min: localDay(now + dayMs),
  max: localDay(now + (shareLimits.maxDays - 1) * dayMs),
});

/** The end of that day on this device, as the instant the server keeps. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:00`).toISOString();

/** A new share's choices: nothing but names and places, by month, for 30 days. */
export function newChoices(locationIds: readonly string[], now: number): ShareChoices {
  return {
    locationIds: [...locationIds],
    precision: 'cell02',
    dates: 'month',
    include: { finds: false, notes: false, photos: false },
    expiresOn: localDay(now + shareLimits.defaultDays * dayMs),
  };
}

export const choicesOf = (share: Share): ShareChoices => ({
  locationIds: [...share.locationIds],
  precision: share.precision,
  dates: share.dates,
  include: { ...share.include },
  expiresOn: localDay(Date.parse(share.expiresAt)),
});

export const previewInput = (choices: ShareChoices): SharePreviewInput => ({
  locationIds: choices.locationIds,
  precision: choices.precision,
  dates: choices.dates,
  include: choices.include,
});

export const createInput = (
  choices: ShareChoices,
  audience: CreateShareInput['audience'],
): CreateShareInput => ({
  ...previewInput(choices),
  audience,
  expiresAt: endOfDay(choices.expiresOn),
});

/** Only what the edit changed: an untouched expiry is not sent again (nor moved by a day). */
export function changesOf(share: Share, choices: ShareChoices): UpdateShareInput {
  const before = choicesOf(share);
  const changes: UpdateShareInput = {};
  const sameSpots =
    before.locationIds.length === choices.locationIds.length &&
    before.locationIds.every((id) => choices.locationIds.includes(id));
  if (!sameSpots) changes.locationIds = choices.locationIds;
  if (before.precision !== choices.precision) changes.precision = choices.precision;
  if (before.dates !== choices.dates) changes.dates = choices.dates;
  if (JSON.stringify(before.include) !== JSON.stringify(choices.include))
    changes.include = choices.include;
  if (before.expiresOn !== choices.expiresOn) changes.expiresAt = endOfDay(choices.expiresOn);
  return changes;
}
