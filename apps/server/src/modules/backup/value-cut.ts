// One JSON value cut out of the journal's bytes as they arrive, over any number of chunks.
import { importError } from '../../lib/import-error.ts';
import {
  backslash,
  broken,
  closeArray,
  closeObject,
  endsBare,
  openArray,
  openObject,
  quote,
} from './journal-bytes.ts';
import { journalPath } from './manifest.ts';

/** What a value may be: its size, where it sits, and what errors call it. */
export interface ValueCutSpec {
  max: number;
  /** Containers around it. */
  depth: number;
  /** The deepest nesting the journal may have (JournalScanLimits.maxDepth). */
  maxDepth: number;
  what: string;
  /** A number, true, false or null: it ends at the byte after it, not at a bracket. */
  bare?: boolean;
  /** A member name: one too long means the file is not a journal at all. */
  name?: boolean;
}

/**
 * A value being cut out (a member name, a member's value, an array's element): its bytes so far,
 * and where the scan is inside it. The scan follows strings and brackets only, enough to find
 * where the value ends; it refuses nesting past maxDepth and a value past `max` bytes before the
 * value is parsed.
 */
export class ValueCut {
  private readonly pieces: Buffer[] = [];
  private length = 0;
  private level = 0;
  private inString = false;
  private escaped = false;

  constructor(
    private readonly spec: ValueCutSpec,
    /** Where its bytes start in the current chunk. */
    private from: number,
  ) {}

  /**
   * Scans the chunk from `at`: where the value ends (the index after it), or undefined when
   * the chunk ends first (its bytes are kept, and the next chunk goes on from its start).
   */
  scan(chunk: Buffer, at: number): number | undefined {
    const { spec } = this;
    for (let i = at; i < chunk.length; i += 1) {
      const byte = chunk[i] as number;
      if (spec.bare) {
        if (endsBare(byte)) return this.ends(chunk, i);
      } else if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === backslash) this.escaped = true;
        else if (byte === quote) {
          this.inString = false;
          if (this.level === 0) return this.ends(chunk, i + 1);
        }
      } else if (byte === quote) this.inString = true;
      else if (byte === openObject || byte === openArray) {
        this.level += 1;
        if (spec.depth + this.level > spec.maxDepth)
          throw importError(
            `${journalPath} nests deeper than ${spec.maxDepth} levels (in ${spec.what})`,
          );
      } else if (byte === closeObject || byte === closeArray) {
        this.level -= 1;
        if (this.level === 0) return this.ends(chunk, i + 1);
      }
    }
    this.keep(chunk.subarray(this.from));
    this.from = 0;
    return undefined;
  }

  /** The value's bytes, once scan() has found its end. */
  bytes(): Buffer {
    return this.pieces.length === 1 ? (this.pieces[0] as Buffer) : Buffer.concat(this.pieces);
  }

  private ends(chunk: Buffer, end: number): number {
    this.keep(chunk.subarray(this.from, end));
    return end;
  }

  private keep(piece: Buffer): void {
    this.pieces.push(piece);
    this.length += piece.length;
    if (this.length <= this.spec.max) return;
    if (this.spec.name) throw broken(`a member name is longer than ${this.spec.max}`);
    throw importError(`${journalPath}: ${this.spec.what} is larger than ${this.spec.max} bytes`);
  }
}
