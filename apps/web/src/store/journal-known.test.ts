import type { Location } from '@fj/contract/locations';
import { describe, expect, it } from 'vitest';
import { initialJournalData } from './journal-defaults.ts';
import { spotsKnown } from './journal-known.ts';

const spot = { id: 'a' } as Location;
const start = () => ({ ...initialJournalData(), locationsLoading: false, locationsError: null });

describe('spotsKnown (what the map opens on)', () => {
  it('is false before any answer, while the first fetch runs', () => {
    expect(spotsKnown(start())).toBe(false);
    expect(spotsKnown({ ...start(), locationsLoading: true })).toBe(false);
  });

  it("waits for the local copy's spots to reach the list while the fetch runs", () => {
    const copyRead = { ...start(), lastSyncedAt: 1, locationsLoading: true };
    expect(spotsKnown(copyRead)).toBe(false);
    expect(spotsKnown({ ...copyRead, locations: [spot] })).toBe(true);
  });

  it('is true once the server answered, with spots or none', () => {
    expect(spotsKnown({ ...start(), lastLocationsFetch: 1 })).toBe(true);
    expect(spotsKnown({ ...start(), lastLocationsFetch: 1, locations: [spot] })).toBe(true);
  });

  it('is true when the fetch failed, so the map does not wait for it', () => {
    expect(spotsKnown({ ...start(), locationsError: 'Could not load' })).toBe(true);
  });
});
