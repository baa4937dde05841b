import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface TextStreamOptions {
  /** Characters gathered into one chunk of the reply (and its buffer's size in bytes). */
  chunkChars?: number;
  /** The longest run of work (reads included) before other requests get a turn. */
  sliceMs?: number;
}

/**
 * A writer's text as a byte stream for the reply. The text is pulled only while the stream's
 * buffer has room, so a slow client paces the reads (the reply's `drain`). Every `sliceMs` of
 * work it waits for the event loop's next turn: a fast client on the same machine takes
 * everything at once, and without that pause the whole file was written before any other
 * request (a health check) was answered.
 */
export function textStream(
  source: AsyncIterable<string>,
  { chunkChars = 64 * 1024, sliceMs = 10 }: TextStreamOptions = {},
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    let parts: string[] = [];
    let size = 0;
    let sliceStart = performance.now();
    for await (const text of source) {
      parts.push(text);
      size += text.length;
      if (size >= chunkChars) {
        yield parts.join('');
        parts = [];
        size = 0;
      }
      if (performance.now() - sliceStart >= sliceMs) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    if (size > 0) yield parts.join('');
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: chunkChars });
}
