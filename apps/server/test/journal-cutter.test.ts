import { describe, expect, it } from 'vitest';
import { JournalCutter, type JournalPart } from '../src/modules/backup/journal-scan.ts';

/*
 * The journal is cut into its parts as it inflates (docs/files.md#restore), so a part may
 * arrive in any number of pieces: a string, an escape or a bracket split between two chunks
 * must cut the same parts as the whole file at once.
 */

const limits = { maxDepth: 16, maxElementBytes: 4096, maxMemberBytes: 4096 };

/** The parts as text, the journal fed `size` bytes at a time. */
function partsOf(journal: Buffer, size: number): unknown[] {
  const cutter = new JournalCutter(limits);
  const parts: JournalPart[] = [];
  for (let at = 0; at < journal.length; at += size)
    parts.push(...cutter.push(journal.subarray(at, at + size)));
  cutter.end();
  return parts.map((part) => {
    if ('element' in part) return { element: part.element.toString() };
    if ('key' in part) return { key: part.key, value: part.value.toString() };
    return part;
  });
}

const spotA =
  '{"name":"Quote \\" and \\\\ then ]} 🍄","position":{"lat":1,"lng":2},"entries":[{"date":"2026-08-01"}]}';
const spotB = '{"name":"b","x":[[],{}],"n":-1.5e3}';
const journal = Buffer.from(
  `\ufeff {\n "version" : 1,\n"preferences":{"a":"}{]["},"locations":[ ${spotA} ,\n${spotB}],"extra":null }\n`,
);

describe('JournalCutter', () => {
  it.each([1, 2, 3, 7, 64, journal.length])(
    'cuts the same parts fed %i bytes at a time',
    (size) => {
      expect(partsOf(journal, size)).toEqual([
        { key: 'version', value: '1' },
        { key: 'preferences', value: '{"a":"}{]["}' },
        { arrayStarts: true },
        { element: spotA },
        { element: spotB },
        { key: 'extra', value: 'null' },
      ]);
    },
  );

  it.each([
    ['{"locations":[{"a":1}', /ends early/],
    ['{"locations":[]} x', /more after its end/],
    ['{"a":1,"a":2}', /has "a" twice/],
    ['{"locations":[{},]}', /a value expected/],
    [
      `{"locations":[${'['.repeat(20)}${']'.repeat(20)}]}`,
      /nests deeper than 16 levels \(in spot 1\)/,
    ],
    [`{"locations":[{},{"n":"${'x'.repeat(5000)}"}]}`, /spot 2 is larger than 4096 bytes/],
  ])('refuses %s, fed a byte at a time as whole', (text, message) => {
    for (const size of [1, text.length])
      expect(() => partsOf(Buffer.from(text), size)).toThrow(message);
  });
});
