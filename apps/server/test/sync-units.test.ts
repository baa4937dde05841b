import { describe, expect, it } from 'vitest';
import { etagMatches, etagOf } from '../src/lib/conditional.ts';
import { createCursorCodec } from '../src/modules/sync/cursor.ts';

describe('sync cursors', () => {
  const codec = createCursorCodec('a-secret-that-is-long-enough-for-tests-0123');

  it('give back the revision they were made for, to the same user only', () => {
    for (const revision of [0, 1, 35, 36, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      const cursor = codec.encode('alice', revision);
      expect(codec.decode('alice', cursor)).toBe(revision);
      expect(codec.decode('bob', cursor)).toBeUndefined();
    }
  });

  it('refuse anything altered or made up', () => {
    const cursor = codec.encode('alice', 42);
    const [revision, mac] = cursor.split('.') as [string, string];
    expect(codec.decode('alice', `${(43).toString(36)}.${mac}`)).toBeUndefined();
    expect(codec.decode('alice', `${revision}.${mac.slice(1)}x`)).toBeUndefined();
    for (const made of ['', '.', '42', `${revision}.`, `.${mac}`, `${cursor}.`, ` ${cursor}`]) {
      expect(codec.decode('alice', made), made).toBeUndefined();
    }
    // Another server secret, another cursor.
    expect(
      createCursorCodec('another-secret-that-is-long-enough-9876').decode('alice', cursor),
    ).toBeUndefined();
  });
});

describe('ETags', () => {
  it('differ by kind, by each part and by user', () => {
    const tags = new Set([
      etagOf('l', 'alice', [1, 20000]),
      etagOf('l', 'alice', [2, 20000]),
      etagOf('l', 'alice', [1, 20001]),
      etagOf('s', 'alice', [1, 20000]),
      etagOf('l', 'bob', [1, 20000]),
    ]);
    expect(tags.size).toBe(5);
    expect(etagOf('l', 'alice', [1, 20000])).toMatch(/^"[^"\s]+"$/);
  });

  it('match If-None-Match as HTTP compares them: weakly, in a list, or *', () => {
    const etag = etagOf('p', 'alice', [7]);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"a", W/${etag} , "b"`, etag)).toBe(true);
    expect(etagMatches(['"a"', etag], etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"a", "b"', etag)).toBe(false);
    expect(etagMatches(etag.slice(1, -1), etag)).toBe(false);
  });
});
