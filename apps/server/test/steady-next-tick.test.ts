import { describe, expect, it } from 'vitest';
import { keepNextTickShape, keptTickObjects } from '../src/lib/steady-next-tick.ts';

describe('keepNextTickShape', () => {
  it("keeps one of process.nextTick's own tick objects, so its shape outlives every collection", async () => {
    expect(keptTickObjects()).toHaveLength(0);
    await keepNextTickShape();
    const [kept] = keptTickObjects();
    // The object Node 20's nextTick makes ({ [async_id_symbol], [trigger_async_id_symbol],
    // callback, args }), not the top-level resource or a promise's: only it holds those maps.
    expect(kept).toBeDefined();
    expect(Object.keys(kept ?? {})).toEqual(['callback', 'args']);
    expect(Object.getOwnPropertySymbols(kept ?? {}).map((symbol) => symbol.description)).toEqual(
      expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']),
    );
  });
});
