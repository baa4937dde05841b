import type { Location } from '@fj/contract/locations';
import { describe, expect, it } from 'vitest';
import { streamedAnswer } from '../src/modules/sync/streamed-answer.ts';

const spot = (i: number): Location => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Spot ${i}, "by the mill" \u00e9`,
  position: { lat: 55 + i / 100, lng: 12 },
  categories: ['mushrooms'],
  favorite: i % 2 === 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  entries: [],
});

async function* pagesOf(sizes: number[]) {
  let next = 0;
  for (const size of sizes) yield Array.from({ length: size }, () => spot(next++));
}

async function read(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('streamedAnswer', () => {
  it('writes the bytes JSON.stringify gives the whole answer, however the pages fall', async () => {
    for (const sizes of [[], [0], [1], [3, 0, 2], [0, 0, 5, 1]]) {
      const all = Array.from({ length: sizes.reduce((a, b) => a + b, 0) }, (_, i) => spot(i));
      const list = await streamedAnswer('{"data":[', pagesOf(sizes), async () => ']}', {
        validate: true,
      });
      expect(await read(list)).toBe(JSON.stringify({ data: all }));
      const rest = { deleted: { locations: [], entries: [] }, searches: [] };
      const sync = await streamedAnswer(
        `${JSON.stringify({ cursor: 'c', full: true }).slice(0, -1)},"locations":[`,
        pagesOf(sizes),
        async () => `],${JSON.stringify(rest).slice(1)}`,
        { validate: false },
      );
      expect(JSON.parse(await read(sync))).toEqual({
        cursor: 'c',
        full: true,
        locations: all,
        ...rest,
      });
    }
  });

  it('hands the whole answer to its keeper only when it fits', async () => {
    const kept: Buffer[] = [];
    const keeper = (maxBytes: number) => ({ maxBytes, keep: (body: Buffer) => kept.push(body) });
    const answer = await read(
      await streamedAnswer('{"data":[', pagesOf([2, 2]), async () => ']}', {
        validate: false,
        keeper: keeper(1_000_000),
      }),
    );
    expect(kept.map(String)).toEqual([answer]);
    await read(
      await streamedAnswer('{"data":[', pagesOf([2, 2]), async () => ']}', {
        validate: false,
        keeper: keeper(answer.length - 1),
      }),
    );
    expect(kept).toHaveLength(1);
  });

  it('refuses before the answer starts when the first page does not match the schema', async () => {
    async function* bad() {
      yield [{ id: 'not a location' } as unknown as Location];
    }
    await expect(
      streamedAnswer('{"data":[', bad(), async () => ']}', { validate: true }),
    ).rejects.toThrow();
  });

  it('fails the stream when a later page does not match the schema (outside production)', async () => {
    async function* laterBad() {
      yield [spot(0)];
      yield [{ id: 'not a location' } as unknown as Location];
    }
    const stream = await streamedAnswer('{"data":[', laterBad(), async () => ']}', {
      validate: true,
    });
    await expect(read(stream)).rejects.toThrow();
  });
});
