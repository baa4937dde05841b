import { beforeEach, describe, expect, it } from 'vitest';
import { readDefaultBaseLayer, writeDefaultBaseLayer } from './base-layer.ts';

describe('default base layer', () => {
  beforeEach(() => localStorage.clear());

  it('is streets until the user picks another', () => {
    expect(readDefaultBaseLayer()).toBe('streets');
    writeDefaultBaseLayer('satellite');
    expect(readDefaultBaseLayer()).toBe('satellite');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('foraging-journal-map', 'lunar');
    expect(readDefaultBaseLayer()).toBe('streets');
  });

  it('stays out of the journal store key', () => {
    writeDefaultBaseLayer('topo');
    expect(localStorage.getItem('foraging-journal-store')).toBeNull();
  });
});
