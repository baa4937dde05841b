import { describe, expect, it } from 'vitest';
import type { Entry } from '../src/entries.ts';
import type { Location } from '../src/locations.ts';
import type { Preferences } from '../src/preferences.ts';
import {
  applySyncAnswer,
  compareListOrder,
  syncAnswerSchema,
  type SyncAnswer,
  type SyncState,
} from '../src/sync.ts';

const entry = (id: string, locationId: string): Entry => ({
  id,
  locationId,
  date: '2026-06-01',
  finds: [],
  photos: [],
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
});

const location = (id: string, updatedAt: string, entries: string[] = []): Location => ({
  id,
  name: `Spot ${id}`,
  position: { lat: 1, lng: 2 },
  favorite: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
  entries: entries.map((e) => entry(e, id)),
});

const prefs = (terrain: string[]): Preferences => ({
  id: 'u',
  name: '',
  email: '',
  customSpeciesCategories: [],
  customSpecies: {},
  customTerrainTypes: terrain,
  customTreeTypes: [],
  showTutorial: true,
});

const answer = (fields: Partial<SyncAnswer>): SyncAnswer =>
  syncAnswerSchema.parse({
    cursor: 'c2',
    full: false,
    locations: [],
    deleted: { locations: [], entries: [] },
    ...fields,
  });

const monday = '2026-06-01T10:00:00.000Z';
const tuesday = '2026-06-02T10:00:00.000Z';
const wednesday = '2026-06-03T10:00:00.000Z';

describe('applySyncAnswer', () => {
  const start: SyncState = {
    cursor: 'c1',
    locations: [location('b', tuesday, ['b1', 'b2']), location('a', monday, ['a1'])],
    preferences: prefs(['bog']),
  };

  it('replaces everything with a full answer, in the list order', () => {
    const next = applySyncAnswer(
      start,
      answer({
        full: true,
        locations: [location('x', monday), location('y', wednesday)],
        preferences: prefs([]),
      }),
    );
    expect(next).toEqual({
      cursor: 'c2',
      locations: [location('y', wednesday), location('x', monday)],
      preferences: prefs([]),
    });
  });

  it('replaces changed locations whole, adds new ones and keeps the rest, newest first', () => {
    const next = applySyncAnswer(
      start,
      answer({ locations: [location('a', wednesday, ['a1', 'a2']), location('c', monday)] }),
    );
    expect(next.cursor).toBe('c2');
    expect(next.locations).toEqual([
      location('a', wednesday, ['a1', 'a2']),
      location('b', tuesday, ['b1', 'b2']),
      location('c', monday),
    ]);
    expect(next.preferences).toEqual(start.preferences);
  });

  it('removes deleted locations and deleted entries', () => {
    const next = applySyncAnswer(
      start,
      answer({ deleted: { locations: ['a', 'never-seen'], entries: ['b2', 'a1'] } }),
    );
    expect(next.locations).toEqual([location('b', tuesday, ['b1'])]);
  });

  it('deletes first: a location deleted and made again in the same window is present', () => {
    const next = applySyncAnswer(
      start,
      answer({
        locations: [location('a', wednesday, ['a9'])],
        deleted: { locations: ['a'], entries: ['a1'] },
      }),
    );
    expect(next.locations[0]).toEqual(location('a', wednesday, ['a9']));
  });

  it('takes changed preferences and keeps the others', () => {
    expect(applySyncAnswer(start, answer({ preferences: prefs(['scree']) })).preferences).toEqual(
      prefs(['scree']),
    );
    expect(
      applySyncAnswer({ cursor: null, locations: [] }, answer({})).preferences,
    ).toBeUndefined();
  });

  it('changes nothing it was given', () => {
    const before = structuredClone(start);
    const given = answer({
      locations: [location('a', wednesday)],
      deleted: { locations: ['b'], entries: [] },
    });
    const givenBefore = structuredClone(given);
    applySyncAnswer(start, given);
    expect(start).toEqual(before);
    expect(given).toEqual(givenBefore);
  });
});

describe('compareListOrder', () => {
  it('puts the most recently changed first and settles ties by id', () => {
    const list = [
      location('b', monday),
      location('c', tuesday),
      location('a', monday),
      location('d', tuesday),
    ];
    expect([...list].sort(compareListOrder).map((l) => l.id)).toEqual(['c', 'd', 'a', 'b']);
  });
});

describe('applySyncAnswer and saved searches', () => {
  const search = (id: string, name: string) => ({
    id,
    name,
    query: 'tree:oak',
    createdAt: 't',
    updatedAt: 't',
  });
  const answer = (fields: Partial<SyncAnswer>): SyncAnswer => ({
    cursor: 'c',
    full: false,
    locations: [],
    deleted: { locations: [], entries: [] },
    ...fields,
  });

  it('keeps, replaces, adds and removes them, by name', () => {
    const start: SyncState = {
      cursor: 'b',
      locations: [],
      searches: [search('1', 'Ash'), search('2', 'Oak')],
    };
    const next = applySyncAnswer(
      start,
      answer({
        searches: [search('3', 'Birch'), search('2', 'Beech')],
        deleted: { locations: [], entries: [], searches: ['1'] },
      }),
    );
    expect(next.searches?.map((s) => s.name)).toEqual(['Beech', 'Birch']);
    expect(applySyncAnswer(next, answer({})).searches).toBe(next.searches);
    expect(applySyncAnswer(next, answer({ full: true, searches: [] })).searches).toEqual([]);
  });
});
