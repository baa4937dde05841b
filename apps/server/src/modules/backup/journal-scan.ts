// The journal (or one large spot) cut into its members and its array's elements as it inflates.
import {
  byteOrderMark,
  broken,
  closeArray,
  closeObject,
  colon,
  comma,
  endsBare,
  isSpace,
  openArray,
  openObject,
  quote,
} from './journal-bytes.ts';
import { ValueCut, type ValueCutSpec } from './value-cut.ts';

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

const maxKeyBytes = 1024;

/**
 * What the cutter expects next, outside a value it is cutting out: the object's `{`, a member
 * name (or `}` when none came yet), the `:`, the member's value, `,` or `}`; inside the array
 * it cuts, an element (or `]` when none came yet), then `,` or `]`; at the end only white space.
 */
type Expecting =
  'start' | 'member' | 'colon' | 'value' | 'afterMember' | 'element' | 'afterElement' | 'end';

/**
 * Cuts the journal's JSON into its parts as its bytes arrive, without parsing it: the top-level
 * object's members, and each element of its `locations` array one at a time, so a spot is
 * parsed (JSON.parse, which checks it) only when its turn comes, and no more of the journal is
 * held than the part being cut out. A large spot is cut the same way (`shape`): its members,
 * and its `entries` one at a time. Where each value ends is ValueCut's to find.
 */
export class JournalCutter {
  private expecting: Expecting = 'start';
  /** Whether the object or array just opened has no member or element yet. */
  private empty = true;
  private cut: ValueCut | undefined;
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
      if (this.cut) {
        const end = this.cut.scan(chunk, at);
        if (end === undefined) at = chunk.length;
        else at = this.finish(this.cut.bytes(), end, parts);
      } else {
        const byte = chunk[at] as number;
        const where = this.offset + at;
        if (this.expecting === 'start' && where < 3 && byte === byteOrderMark[where]) at += 1;
        else if (isSpace(byte)) at += 1;
        else at = this.step(at, byte, where, parts);
      }
      const part = parts.pop();
      if (part) yield part;
    }
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
          name: true,
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

  private begin(at: number, spec: Omit<ValueCutSpec, 'maxDepth'>): number {
    this.cut = new ValueCut({ ...spec, maxDepth: this.limits.maxDepth }, at);
    return at;
  }

  /** The cut ended before `end`: its bytes become a part (or the member name). */
  private finish(bytes: Buffer, end: number, parts: JournalPart[]): number {
    this.cut = undefined;
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
