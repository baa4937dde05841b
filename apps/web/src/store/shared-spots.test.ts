import type { SharedGrant } from '@fj/contract/sharing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSharedCopy } from '../lib/offline/shared-copy.ts';
import { freshIndexedDbPerTest, timersBesideIndexedDb } from '../testing/fake-indexeddb.ts';
import { initialJournalData } from './journal-defaults.ts';
import type { JournalState } from './journal-types.ts';
import { createSharedSpots, expiryCheckMs } from './shared-spots.ts';

freshIndexedDbPerTest();

const now = Date.parse('2026-09-01T12:00:00.000Z');
const minute = 60_000;
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [13.8, 45.6],
      [14, 45.6],
      [14, 45.8],
      [13.8, 45.8],
      [13.8, 45.6],
    ] as [number, number][],
  ],
};

const grant = (id: string, endsIn: number): SharedGrant => ({
  id,
  from: { name: 'Anna' },
  status: 'accepted',
  precision: 'cell02',
  expiresAt: new Date(now + endsIn).toISOString(),
  locations: [{ id: `${id}-spot`, name: `Spot of ${id}`, area: square, entries: [] }],
});

/** The slice with a store of its own, the real copy on fake-indexeddb, a server of the test's. */
function setUp(server: () => Promise<SharedGrant[]>) {
  let state = initialJournalData() as JournalState;
  const get = () => state;
  const set = (partial: Partial<JournalState> | ((s: JournalState) => Partial<JournalState>)) => {
    state = { ...state, ...(typeof partial === 'function' ? partial(state) : partial) };
  };
  const read = vi.fn(server);
  const shared = createSharedSpots(set, get, { read });
  const ids = () => state.sharedWithMe.map((g) => g.id);
  const kept = async () => (await createSharedCopy('u1').load()).map((g) => g.id);
  return { shared, read, ids, kept };
}

beforeEach(() => {
  vi.useFakeTimers(timersBesideIndexedDb);
  vi.setSystemTime(now);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('shared spots on the device (docs/behaviour.md#sharing)', () => {
  it("keeps the server's accepted shares at each sync; a revoked one goes at the next", async () => {
    const pending = { ...grant('p', 60 * minute), status: 'pending' as const };
    let answer = [grant('a', 60 * minute), grant('b', 60 * minute), pending];
    const t = setUp(async () => answer);
    await t.shared.start('u1');
    await t.shared.refresh();
    expect(t.ids()).toEqual(['a', 'b']);
    expect(await t.kept()).toEqual(['a', 'b']);
    answer = [grant('a', 60 * minute)];
    await t.shared.refresh();
    expect(t.ids()).toEqual(['a']);
    expect(await t.kept()).toEqual(['a']);
  });

  it('drops a share at its expiry by the device clock, offline, from the screen and the copy', async () => {
    let online = true;
    const t = setUp(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return [grant('soon', 5 * minute), grant('later', 60 * minute)];
    });
    await t.shared.start('u1');
    await t.shared.refresh();
    online = false;
    await t.shared.refresh();
    expect(t.ids()).toEqual(['soon', 'later']);
    await vi.advanceTimersByTimeAsync(5 * minute - 1);
    expect(t.ids()).toEqual(['soon', 'later']);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.ids()).toEqual(['later']);
    await vi.waitFor(async () => expect(await t.kept()).toEqual(['later']));
    expect(t.read).toHaveBeenCalledTimes(2);
  });

  it('shows the kept shares at start, without the ones that ended while the app was closed', async () => {
    await createSharedCopy('u1').save([grant('ended', -minute), grant('live', 60 * minute)]);
    const t = setUp(() => new Promise(() => undefined));
    await t.shared.start('u1');
    expect(t.ids()).toEqual(['live']);
    expect(await t.kept()).toEqual(['live']);
    expect(t.read).not.toHaveBeenCalled();
  });

  it('reads the clock again at least hourly, so a far expiry still ends on time', async () => {
    const t = setUp(async () => [grant('far', 40 * 24 * 60 * minute)]);
    await t.shared.start('u1');
    await t.shared.refresh();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(expiryCheckMs);
    expect(t.ids()).toEqual(['far']);
    vi.setSystemTime(now + 40 * 24 * 60 * minute);
    await vi.advanceTimersByTimeAsync(expiryCheckMs);
    expect(t.ids()).toEqual([]);
    await vi.waitFor(async () => expect(await t.kept()).toEqual([]));
  });

  it('keeps another user nothing: a stopped session takes no late answer', async () => {
    let answer: (grants: SharedGrant[]) => void = () => undefined;
    const t = setUp(() => new Promise((resolve) => (answer = resolve)));
    await t.shared.start('u1');
    const reading = t.shared.refresh();
    t.shared.stop();
    answer([grant('a', 60 * minute)]);
    await reading;
    expect(t.ids()).toEqual([]);
  });
});
