import { importError } from '../../lib/import-error.ts';
import { journalPath } from './manifest.ts';

export interface JournalScanLimits {
  /** Arrays and objects inside one another, the journal's own object counted as 1. */
  maxDepth: number;
  /** One spot's JSON; JSON.parse of it is one block of the event loop. */
  maxSpotBytes: number;
  /** Any other member's value (the preferences). */
  maxMemberBytes: number;
}

/** A top-level member of the journal, or one element of its `locations`, as JSON text bytes. */
export type JournalPart = { key: string; value: Buffer } | { locations: true } | { spot: Buffer };

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const colon = 0x3a;
const openObject = 0x7b;
const closeObject = 0x7d;
const openArray = 0x5b;
const closeArray = 0x5d;
const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const maxKeyBytes = 1024;

const broken = (why: string) => importError(`${journalPath} is not valid JSON: ${why}`);

function parsedKey(text: string): string {
  try {
    return JSON.parse(text) as string;
  } catch {
    throw broken(`a member name is not a JSON string: ${text.slice(0, 40)}`);
  }
}

/**
 * Cuts the journal's JSON into its parts without parsing it: the top-level object's members, and
 * each element of its `locations` array one at a time, so a spot is parsed (JSON.parse, which
 * checks it) only when its turn comes and the journal's size never becomes one parse. The scan
 * follows strings and brackets only, enough to find where each value ends; on the way it refuses
 * nesting past maxDepth and any part past its size, before that part is parsed.
 */
export function* journalParts(bytes: Buffer, limits: JournalScanLimits): Generator<JournalPart> {
  let at = 0;
  const skipSpace = () => {
    while (isSpace(bytes[at])) at += 1;
  };
  const expect = (byte: number, what: string) => {
    skipSpace();
    if (bytes[at] !== byte) throw broken(`${what} expected at byte ${at}`);
    at += 1;
  };

  /** The index after the string that opens at `start`. */
  const stringEnd = (start: number): number => {
    let from = start + 1;
    for (;;) {
      const close = bytes.indexOf(quote, from);
      if (close === -1) throw broken(`a string never ends (byte ${start})`);
      let slashes = 0;
      while (bytes[close - 1 - slashes] === backslash) slashes += 1;
      if (slashes % 2 === 0) return close + 1;
      from = close + 1;
    }
  };

  /** The index after the value that starts at `start`, inside `depth` containers, within `max` bytes. */
  const valueEnd = (start: number, depth: number, max: number, what: () => string): number => {
    const limit = Math.min(bytes.length, start + max);
    const first = bytes[start];
    if (first === quote) {
      const end = stringEnd(start);
      if (end > limit) throw importError(`${journalPath}: ${what()} is larger than ${max} bytes`);
      return end;
    }
    if (first !== openObject && first !== openArray) {
      let end = start;
      while (end < bytes.length) {
        const byte = bytes[end];
        if (byte === comma || byte === closeArray || byte === closeObject || isSpace(byte)) break;
        end += 1;
      }
      if (end === start) throw broken(`a value expected at byte ${start}`);
      return end;
    }
    let level = 0;
    for (let i = start; i < limit; i += 1) {
      const byte = bytes[i];
      if (byte === quote) {
        i = stringEnd(i) - 1;
      } else if (byte === openObject || byte === openArray) {
        level += 1;
        if (depth + level > limits.maxDepth)
          throw importError(
            `${journalPath} nests deeper than ${limits.maxDepth} levels (in ${what()})`,
          );
      } else if (byte === closeObject || byte === closeArray) {
        level -= 1;
        if (level === 0) return i + 1;
      }
    }
    if (limit < bytes.length)
      throw importError(`${journalPath}: ${what()} is larger than ${max} bytes`);
    throw broken('it ends early');
  };

  // A byte order mark, which TextDecoder would have dropped too.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) at = 3;
  expect(openObject, '{');
  const seen = new Set<string>();
  skipSpace();
  if (bytes[at] === closeObject) at += 1;
  else {
    for (;;) {
      skipSpace();
      if (bytes[at] !== quote) throw broken(`a member name expected at byte ${at}`);
      const keyEnd = stringEnd(at);
      if (keyEnd - at > maxKeyBytes) throw broken(`a member name is longer than ${maxKeyBytes}`);
      const key = parsedKey(bytes.toString('utf8', at, keyEnd));
      if (seen.has(key)) throw broken(`it has "${key}" twice`);
      seen.add(key);
      at = keyEnd;
      expect(colon, ':');
      skipSpace();
      if (key === 'locations' && bytes[at] === openArray) {
        at += 1;
        yield { locations: true };
        let index = 0;
        skipSpace();
        if (bytes[at] === closeArray) at += 1;
        else {
          for (;;) {
            skipSpace();
            const start = at;
            index += 1;
            at = valueEnd(start, 2, limits.maxSpotBytes, () => `spot ${index}`);
            yield { spot: bytes.subarray(start, at) };
            skipSpace();
            if (bytes[at] === comma) at += 1;
            else if (bytes[at] === closeArray) {
              at += 1;
              break;
            } else throw broken(`, or ] expected at byte ${at}`);
          }
        }
      } else {
        const start = at;
        at = valueEnd(start, 1, limits.maxMemberBytes, () => `"${key}"`);
        yield { key, value: bytes.subarray(start, at) };
      }
      skipSpace();
      if (bytes[at] === comma) at += 1;
      else if (bytes[at] === closeObject) {
        at += 1;
        break;
      } else throw broken(`, or } expected at byte ${at}`);
    }
  }
  skipSpace();
  if (at !== bytes.length) throw broken(`more after its end, at byte ${at}`);
}
