import { importError } from '../../lib/import-error.ts';
import { journalPath } from './manifest.ts';

export interface JournalScanLimits {
  /** Arrays and objects inside one another, the journal's own object counted as 1. */
  maxDepth: number;
  /** One element of the array cut (a spot, an entry). */
  maxElementBytes: number;
  /** Any other member's value (the preferences). */
  maxMemberBytes: number;
}

/**
 * A member of the object being cut (the journal, or one spot), or one element of its array
 * (the journal's `locations`, a spot's `entries`), as JSON text bytes.
 */
export type JournalPart =
  { key: string; value: Buffer } | { arrayStarts: true } | { element: Buffer };

/** What the cutter cuts: the journal (by default), or one spot of it. */
export interface CutShape {
  /** The member whose array is cut element by element. */
  arrayKey: string;
  /** Arrays and objects around the object being cut (0 for the journal, 2 for a spot). */
  around: number;
  /** An element, by its number from 1, as errors name it. */
  elementName: (index: number) => string;
}

const journalShape: CutShape = {
  arrayKey: 'locations',
  around: 0,
  elementName: (index) => `spot ${index}`,
};

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const colon = 0x3a;
const openObject = 0x7b;
const closeObject = 0x7d;
const openArray = 0x5b;
const closeArray = 0x5d;
const byteOrderMark = [0xef, 0xbb, 0xbf];
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
/** Where a bare value (a number, true, false, null) ends; the byte is not part of it. */
const endsBare = (byte: number) =>
  byte === comma || byte === closeArray || byte === closeObject || isSpace(byte);
const maxKeyBytes = 1024;

const broken = (why: string) => importError(`${journalPath} is not valid JSON: ${why}`);

/**
 * What the cutter expects next, outside a value it is cutting out: the object's `{`, a member
 * name (or `}` when none came yet), the `:`, the member's value, `,` or `}`; inside the array
 * it cuts, an element (or `]` when none came yet), then `,` or `]`; at the end only white space.
 */
type Expecting =
  'start' | 'member' | 'colon' | 'value' | 'afterMember' | 'element' | 'afterElement' | 'end';

/** A value being cut out of the journal: its bytes so far, and where the scan is inside it. */
interface Cut {
  pieces: Buffer[];
  length: number;
  /** A number, true, false or null: it ends at the byte after it, not at a bracket. */
  bare: boolean;
  level: number;
  inString: boolean;
  escaped: boolean;
  max: number;
  /** Containers around it. */
  depth: number;
  what: string;
}

/**
 * Cuts the journal's JSON into its parts as its bytes arrive, without parsing it: the top-level
 * object's members, and each element of its `locations` array one at a time, so a spot is
 * parsed (JSON.parse, which checks it) only when its turn comes, and no more of the journal is
 * held than the part being cut out. A large spot is cut the same way (`shape`): its members,
 * and its `entries` one at a time. The scan follows strings and brackets only, enough to find
 * where each value ends; on the way it refuses nesting past maxDepth and any part past its size,
 * before that part is parsed.
 */
export class JournalCutter {
  private expecting: Expecting = 'start';
  /** Whether the object or array just opened has no member or element yet. */
  private empty = true;
  private cut: Cut | undefined;
  /** Where the current cut's bytes start in the current chunk. */
  private cutFrom = 0;
  private key = '';
  private readonly keys = new Set<string>();
  private elements = 0;
  /** Bytes before the current chunk, for the byte offsets errors name. */
  private offset = 0;

  constructor(
    private readonly limits: JournalScanLimits,
    private readonly shape: CutShape = journalShape,
  ) {}

  /**
   * The parts that end in this chunk, in order, each as soon as it is cut out: a fault later in
   * the chunk is thrown only when the parts before it have been taken.
   */
  *push(chunk: Buffer): Generator<JournalPart> {
    const parts: JournalPart[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.cut) at = this.scan(chunk, at, parts);
      else {
        const byte = chunk[at] as number;
        const where = this.offset + at;
        if (this.expecting === 'start' && where < 3 && byte === byteOrderMark[where]) at += 1;
        else if (isSpace(byte)) at += 1;
        else at = this.step(at, byte, where, parts);
      }
      const part = parts.pop();
      if (part) yield part;
    }
    if (this.cut) this.keep(chunk.subarray(this.cutFrom));
    this.cutFrom = 0;
    this.offset += chunk.length;
  }

  /** After the last chunk: throws unless the journal's object has ended. */
  end(): void {
    if (this.cut || this.expecting !== 'end') throw broken('it ends early');
  }

  /** One byte outside any value: what it must be at this point of the journal. */
  private step(at: number, byte: number, where: number, parts: JournalPart[]): number {
    switch (this.expecting) {
      case 'start':
        if (byte !== openObject) throw broken(`{ expected at byte ${where}`);
        this.expecting = 'member';
        return at + 1;
      case 'member':
        if (byte === closeObject && this.empty) {
          this.expecting = 'end';
          return at + 1;
        }
        if (byte !== quote) throw broken(`a member name expected at byte ${where}`);
        return this.begin(at, {
          max: maxKeyBytes,
          depth: this.shape.around + 1,
          what: 'a member name',
        });
      case 'colon':
        if (byte !== colon) throw broken(`: expected at byte ${where}`);
        this.expecting = 'value';
        return at + 1;
      case 'value':
        if (this.key === this.shape.arrayKey && byte === openArray) {
          parts.push({ arrayStarts: true });
          this.expecting = 'element';
          this.empty = true;
          return at + 1;
        }
        if (endsBare(byte) || byte === colon) throw broken(`a value expected at byte ${where}`);
        return this.begin(at, {
          max: this.limits.maxMemberBytes,
          depth: this.shape.around + 1,
          what: `"${this.key}"`,
          bare: byte !== openObject && byte !== openArray && byte !== quote,
        });
      case 'afterMember':
        if (byte === comma) this.expecting = 'member';
        else if (byte === closeObject) this.expecting = 'end';
        else throw broken(`, or } expected at byte ${where}`);
        this.empty = false;
        return at + 1;
      case 'element':
        if (byte === closeArray && this.empty) {
          this.expecting = 'afterMember';
          return at + 1;
        }
        if (endsBare(byte) || byte === colon) throw broken(`a value expected at byte ${where}`);
        this.elements += 1;
        return this.begin(at, {
          max: this.limits.maxElementBytes,
          depth: this.shape.around + 2,
          what: this.shape.elementName(this.elements),
          bare: byte !== openObject && byte !== openArray && byte !== quote,
        });
      case 'afterElement':
        if (byte === comma) this.expecting = 'element';
        else if (byte === closeArray) this.expecting = 'afterMember';
        else throw broken(`, or ] expected at byte ${where}`);
        this.empty = false;
        return at + 1;
      case 'end':
        throw broken(`more after its end, at byte ${where}`);
    }
  }

  private begin(
    at: number,
    cut: { max: number; depth: number; what: string; bare?: boolean },
  ): number {
    this.cut = {
      pieces: [],
      length: 0,
      bare: cut.bare ?? false,
      level: 0,
      inString: false,
      escaped: false,
      max: cut.max,
      depth: cut.depth,
      what: cut.what,
    };
    this.cutFrom = at;
    return at;
  }

  private keep(piece: Buffer): void {
    const cut = this.cut as Cut;
    cut.pieces.push(piece);
    cut.length += piece.length;
    if (cut.length > cut.max) throw this.tooLarge(cut);
  }

  private tooLarge(cut: Cut) {
    if (cut.max === maxKeyBytes) return broken(`a member name is longer than ${maxKeyBytes}`);
    return importError(`${journalPath}: ${cut.what} is larger than ${cut.max} bytes`);
  }

  /** Scans the cut's bytes from `at`; returns where the scan stopped (its end, or the chunk's). */
  private scan(chunk: Buffer, at: number, parts: JournalPart[]): number {
    const cut = this.cut as Cut;
    let i = at;
    for (; i < chunk.length; i += 1) {
      const byte = chunk[i] as number;
      if (cut.bare) {
        if (endsBare(byte)) return this.finish(chunk, i, parts);
      } else if (cut.inString) {
        if (cut.escaped) cut.escaped = false;
        else if (byte === backslash) cut.escaped = true;
        else if (byte === quote) {
          cut.inString = false;
          if (cut.level === 0) return this.finish(chunk, i + 1, parts);
        }
      } else if (byte === quote) cut.inString = true;
      else if (byte === openObject || byte === openArray) {
        cut.level += 1;
        if (cut.depth + cut.level > this.limits.maxDepth)
          throw importError(
            `${journalPath} nests deeper than ${this.limits.maxDepth} levels (in ${cut.what})`,
          );
      } else if (byte === closeObject || byte === closeArray) {
        cut.level -= 1;
        if (cut.level === 0) return this.finish(chunk, i + 1, parts);
      }
    }
    return i;
  }

  /** The cut ends before `end`: its bytes become a part (or the member name). */
  private finish(chunk: Buffer, end: number, parts: JournalPart[]): number {
    this.keep(chunk.subarray(this.cutFrom, end));
    const cut = this.cut as Cut;
    this.cut = undefined;
    const bytes = cut.pieces.length === 1 ? (cut.pieces[0] as Buffer) : Buffer.concat(cut.pieces);
    switch (this.expecting) {
      case 'member':
        this.key = keyOf(bytes);
        if (this.keys.has(this.key)) throw broken(`it has "${this.key}" twice`);
        this.keys.add(this.key);
        this.expecting = 'colon';
        break;
      case 'value':
        parts.push({ key: this.key, value: bytes });
        this.expecting = 'afterMember';
        break;
      default:
        parts.push({ element: bytes });
        this.expecting = 'afterElement';
    }
    return end;
  }
}

function keyOf(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as string;
  } catch {
    throw broken(`a member name is not a JSON string: ${text.slice(0, 40)}`);
  }
}
