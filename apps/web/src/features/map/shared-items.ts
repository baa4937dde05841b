import type { SharedGrant, SharePrecision } from '@fj/contract/sharing';
import { formatDayOf } from '../../lib/dates.ts';
import { placeText } from '../../lib/sharing/place-text.ts';

/** One spot someone shares with the user, as the map's label and the Shared menu show it. */
export interface SharedItem {
  /** The spot's id in its share (opaque, unique across shares). */
  id: string;
  name: string;
  /** Who shares it: the owner's name. */
  from: string;
  precision: SharePrecision;
  expiresAt: string;
  /** Where its label goes: the position at `exact`, else the middle of its square. */
  anchor: { lng: number; lat: number } | null;
  /** What to bring into view: [west, south, east, north]; null when its place is hidden. */
  bounds: [number, number, number, number] | null;
  /** Its place in words, no finer than the share. */
  place: string;
}

/** One share's spots, under the name of whoever shares them. */
export interface SharedGroup {
  grantId: string;
  from: string;
  expiresAt: string;
  items: SharedItem[];
}

/**
 * The accepted shares' spots for the map (docs/behaviour.md#sharing-map). Only what the
 * projection holds is read: a coarse spot's label sits in the middle of its square, never at a
 * position it does not have.
 */
export function sharedGroups(grants: readonly SharedGrant[]): SharedGroup[] {
  return grants.flatMap((grant) => {
    if (grant.status !== 'accepted' || !grant.locations?.length) return [];
    const from = grant.from.name.trim() || 'someone';
    const items = grant.locations.map((location): SharedItem => {
      const ring = location.area?.coordinates[0] ?? [];
      const lngs = ring.map(([lng]) => lng ?? 0);
      const lats = ring.map(([, lat]) => lat ?? 0);
      const { position } = location;
      if (position) lngs.push(position.lng);
      if (position) lats.push(position.lat);
      const bounds: SharedItem['bounds'] =
        lngs.length > 0
          ? [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)]
          : null;
      const anchor =
        position ??
        (bounds ? { lng: (bounds[0] + bounds[2]) / 2, lat: (bounds[1] + bounds[3]) / 2 } : null);
      return {
        id: location.id,
        name: location.name,
        from,
        precision: grant.precision,
        expiresAt: grant.expiresAt,
        anchor,
        bounds,
        place: placeText(location, grant.precision),
      };
    });
    return [{ grantId: grant.id, from, expiresAt: grant.expiresAt, items }];
  });
}

/** "until 28 Dec 2026", in the reader's own way of writing dates. */
export const untilWords = (expiresAt: string) => `until ${formatDayOf(expiresAt)}`;
