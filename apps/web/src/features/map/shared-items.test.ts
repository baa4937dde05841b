import { gridSquare, squarePolygon } from '@fj/contract/grid';
import type { SharedGrant } from '@fj/contract/sharing';
import { describe, expect, it } from 'vitest';
import { sharedGroups } from './shared-items.ts';

const cell = squarePolygon(gridSquare('cell02', -33.95, 151.21));

const grant = (overrides: Partial<SharedGrant>): SharedGrant => ({
  id: 'g1',
  from: { name: 'Anna' },
  status: 'accepted',
  precision: 'cell02',
  expiresAt: '2027-01-01T00:00:00.000Z',
  locations: [],
  ...overrides,
});

describe('sharedGroups', () => {
  it('labels a coarse spot in the middle of its square, with nothing finer than the square', () => {
    const [group] = sharedGroups([
      grant({ locations: [{ id: 's1', name: 'Gully', area: cell, entries: [] }] }),
    ]);
    const item = group?.items[0];
    const ring = cell.coordinates[0] ?? [];
    const lngs = ring.map(([lng]) => lng ?? 0);
    const lats = ring.map(([, lat]) => lat ?? 0);
    expect(group?.from).toBe('Anna');
    expect(item?.bounds).toEqual([
      Math.min(...lngs),
      Math.min(...lats),
      Math.max(...lngs),
      Math.max(...lats),
    ]);
    expect(item?.anchor).toEqual({
      lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
      lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    });
    expect(item?.place).toMatch(/^Somewhere in the 20 km square/);
  });

  it('anchors an exact spot at its position; a hidden one has no place on the map', () => {
    const exact = sharedGroups([
      grant({
        precision: 'exact',
        locations: [{ id: 's2', name: 'Oak', position: { lat: 1.5, lng: 2.5 }, entries: [] }],
      }),
    ])[0]?.items[0];
    expect(exact).toMatchObject({ anchor: { lat: 1.5, lng: 2.5 }, bounds: [2.5, 1.5, 2.5, 1.5] });
    const hidden = sharedGroups([
      grant({ precision: 'hidden', locations: [{ id: 's3', name: 'Secret', entries: [] }] }),
    ])[0]?.items[0];
    expect(hidden).toMatchObject({ anchor: null, bounds: null });
  });

  it('leaves out invitations not yet accepted and shares without spots', () => {
    expect(
      sharedGroups([grant({ status: 'pending', locations: undefined }), grant({ id: 'g3' })]),
    ).toEqual([]);
  });
});
