import type { Share, ShareDatePrecision, SharePrecision } from '@fj/contract/sharing';
import { formatDayOf } from '../../lib/dates.ts';

export const precisionWords: Record<SharePrecision, string> = {
  exact: 'exact place',
  km1: 'within 1 km',
  cell02: 'within 20 km',
  hidden: 'place hidden',
};

/** The Share dialog's choices, each saying what the viewer gets. */
export const precisionChoices: Record<SharePrecision, string> = {
  exact: 'Exact place and patch',
  km1: 'Within 1 km (the 0.01° square holding it)',
  cell02: "Within 20 km (iNaturalist's 0.2° cell)",
  hidden: 'Hide the place',
};

export const dateWords: Record<ShareDatePrecision, string> = {
  day: 'by day',
  month: 'by month',
  year: 'by year',
};

export const dateChoices: Record<ShareDatePrecision, string> = {
  day: 'Day (2026-08-15)',
  month: 'Month (2026-08)',
  year: 'Year (2026)',
};

const day = formatDayOf;

export const audienceWords = (share: Share) =>
  'email' in share.audience ? share.audience.email : 'Anyone with the link';

export function lastUseWords(share: Share): string {
  if (!share.lastUsedAt) return 'Not opened yet';
  return `Opened ${share.useCount} ${share.useCount === 1 ? 'time' : 'times'}, last on ${day(share.lastUsedAt)}`;
}

export function statusWords(share: Share): string {
  if (share.status === 'revoked') return 'Revoked';
  if (share.status === 'expired') return `Ended on ${day(share.expiresAt)}`;
  const waiting = share.status === 'pending' ? 'Not accepted yet · ' : '';
  return `${waiting}Until ${day(share.expiresAt)}`;
}
