import { randomBytes } from 'node:crypto';

/** A UUID as ids are written (lowercase, with hyphens): kept as its 16 bytes. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const firstCapacity = 1024;

/** murmur3's finaliser: every bit of the word moves every bit of the hash. */
function mix(word: number): number {
  let h = word;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A set of ids that holds a journal's worth (some 200,000) in a few MB outside the JS heap: each
 * UUID is 16 bytes in a table of typed arrays (open addressing), where a Set of strings costs
 * about 90 bytes an id, all of them for the garbage collector to walk. The hash is seeded at
 * random per process, so a backup cannot be crafted to make its ids collide. Ids of any other
 * form (a photo's, named by its file) are few and kept in a Set.
 */
export class IdSet {
  private words = new Uint32Array(4 * firstCapacity);
  private filled = new Uint8Array(firstCapacity);
  private count = 0;
  private readonly others = new Set<string>();
  private readonly seed = randomBytes(16);
  private readonly key = new Uint32Array(4);

  has(id: string): boolean {
    if (!this.parse(id)) return this.others.has(id);
    return this.filled[this.slotOf(this.words, this.filled)] === 1;
  }

  add(id: string): void {
    // First: growing moves every key through `key`, which parse() fills.
    if ((this.count + 1) * 4 > this.filled.length * 3) this.grow();
    if (!this.parse(id)) {
      this.others.add(id);
      return;
    }
    const slot = this.slotOf(this.words, this.filled);
    if (this.filled[slot] === 1) return;
    this.words.set(this.key, slot * 4);
    this.filled[slot] = 1;
    this.count += 1;
  }

  /** Puts the UUID's 16 bytes in `key`; false when the id is not a UUID as written. */
  private parse(id: string): boolean {
    if (!uuidPattern.test(id)) return false;
    const hex = id.replaceAll('-', '');
    for (let i = 0; i < 4; i += 1) this.key[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
    return true;
  }

  /** The slot holding `key`, or the free slot where it belongs (linear probing). */
  private slotOf(words: Uint32Array, filled: Uint8Array): number {
    const [a = 0, b = 0, c = 0, d = 0] = this.key;
    const mask = filled.length - 1;
    const hash =
      mix(a ^ this.seed.readUInt32LE(0)) ^
      mix(b ^ this.seed.readUInt32LE(4)) ^
      mix(c ^ this.seed.readUInt32LE(8)) ^
      mix(d ^ this.seed.readUInt32LE(12));
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      if (filled[slot] !== 1) return slot;
      const at = slot * 4;
      if (words[at] === a && words[at + 1] === b && words[at + 2] === c && words[at + 3] === d)
        return slot;
    }
  }

  private grow(): void {
    const oldWords = this.words;
    const oldFilled = this.filled;
    const words = new Uint32Array(oldWords.length * 2);
    const filled = new Uint8Array(oldFilled.length * 2);
    for (let slot = 0; slot < oldFilled.length; slot += 1) {
      if (oldFilled[slot] !== 1) continue;
      this.key.set(oldWords.subarray(slot * 4, slot * 4 + 4));
      const to = this.slotOf(words, filled);
      words.set(this.key, to * 4);
      filled[to] = 1;
    }
    this.words = words;
    this.filled = filled;
  }
}
