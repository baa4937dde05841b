import { afterEach, describe, expect, it } from 'vitest';
import { measured } from './measured.ts';

describe('measured', () => {
  afterEach(() => performance.clearMeasures());

  it('answers what the work answers, and records one measure with its detail', () => {
    const answer = measured(
      'fj:test-work',
      () => [1, 2, 3].map((n) => n * 2),
      (list) => ({ count: list.length }),
    );
    expect(answer).toEqual([2, 4, 6]);
    const entries = performance.getEntriesByName('fj:test-work') as PerformanceMeasure[];
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toEqual({ count: 3 });
    expect(entries[0]?.duration).toBeGreaterThanOrEqual(0);
  });
});
