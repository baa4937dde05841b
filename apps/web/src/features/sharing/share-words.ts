import type { Share, ShareDatePrecision, SharePrecision } from '@fj/contract/sharing';

export const precisionWords: Record<SharePrecision, string> = {
  exact: 'exact place',
  km1: 'within 1 km',
  cell02: 'within 20 km',
  hidden: 'place hidden',
};

export const dateWords: Record<ShareDatePrecision, string> = {
  day: 'by day',
  month: 'by month',
  year: 'by year',
};

const day = (iso: string) => new Date(iso).toLocaleDateString();

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
