import { describe, expect, it } from 'vitest';
import { createEtagMemory, ETAG_MEMORY_URLS } from './etag-memory.ts';

describe('the ETag memory', () => {
  it(`keeps the ${ETAG_MEMORY_URLS} most recently used URLs`, () => {
    const memory = createEtagMemory<string>();
    for (let i = 0; i < ETAG_MEMORY_URLS; i++)
      memory.remember(`/u${i}`, 'alice', `"${i}"`, `a${i}`);
    // Using the oldest makes it the most recent: the second oldest goes first.
    expect(memory.recall('/u0', 'alice')?.answer).toBe('a0');
    memory.remember('/new', 'alice', '"n"', 'new');
    expect(memory.recall('/u1', 'alice')).toBeUndefined();
    expect(memory.recall('/u0', 'alice')).toEqual({ etag: '"0"', answer: 'a0', uid: 'alice' });
    expect(memory.recall('/new', 'alice')?.etag).toBe('"n"');
  });

  it("never recalls another user's answer, and forgets on request", () => {
    const memory = createEtagMemory<string>(2);
    memory.remember('/a', 'alice', '"1"', 'mine');
    expect(memory.recall('/a', 'bob')).toBeUndefined();
    expect(memory.recall('/a', null)).toBeUndefined();
    memory.forget('/a');
    expect(memory.recall('/a', 'alice')).toBeUndefined();
    memory.remember('/b', 'alice', '"2"', 'b');
    memory.clear();
    expect(memory.recall('/b', 'alice')).toBeUndefined();
  });
});
