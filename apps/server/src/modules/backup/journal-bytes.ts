// The bytes of JSON's syntax the journal's cutter looks for, shared by its grammar and its value scan.
import { importError } from '../../lib/import-error.ts';
import { journalPath } from './manifest.ts';

export const quote = 0x22;
export const backslash = 0x5c;
export const comma = 0x2c;
export const colon = 0x3a;
export const openObject = 0x7b;
export const closeObject = 0x7d;
export const openArray = 0x5b;
export const closeArray = 0x5d;
export const byteOrderMark = [0xef, 0xbb, 0xbf];
export const isSpace = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
/** Where a bare value (a number, true, false, null) ends; the byte is not part of it. */
export const endsBare = (byte: number) =>
  byte === comma || byte === closeArray || byte === closeObject || isSpace(byte);

/** The journal is not JSON: `why` says where. */
export const broken = (why: string) => importError(`${journalPath} is not valid JSON: ${why}`);
