import { Readable } from 'node:stream';
import { locationSchema, type Location } from '@fj/contract/locations';
import { z } from 'zod';

const pageSchema = z.array(locationSchema);

/** An answer's whole bytes, handed over once written (the list cache keeps them). */
export interface Keeper {
  /** The most bytes worth gathering: a longer answer is not kept, so not gathered either. */
  maxBytes: number;
  keep(body: Buffer): void;
}

/**
 * A JSON answer around one array of whole locations, written a page of locations at a time as
 * the pages are read, so the server holds a page and what the connection has not taken yet, not
 * the journal (the stream reads the next page only when the last one has gone on). `head` is
 * the JSON up to the array's `[`, `tail()` from its `]` on, read once every page is written; the
 * bytes are those of JSON.stringify of the whole answer. With `validate`, each page and the
 * tail's answer are checked against their schema, as answerJson checks a whole answer.
 *
 * The first page is read (and checked) before the answer starts: a read or a check that fails
 * there is an error answer in the error shape. Past it the status is sent, so a failure cuts the
 * connection, and the client sees a broken answer, never a short one that parses.
 */
export async function streamedAnswer(
  head: string,
  pages: AsyncIterable<Location[]>,
  tail: () => Promise<string>,
  { validate, keeper }: { validate: boolean; keeper?: Keeper },
): Promise<Readable> {
  const iterator = pages[Symbol.asyncIterator]();
  const check = (page: Location[]) => {
    if (validate) pageSchema.parse(page);
    return page;
  };
  const first = await iterator.next();
  if (!first.done) check(first.value);

  async function* chunks(): AsyncGenerator<Buffer> {
    let gathered: Buffer[] | undefined = keeper && keeper.maxBytes > 0 ? [] : undefined;
    let bytes = 0;
    const write = (text: string) => {
      const chunk = Buffer.from(text);
      bytes += chunk.length;
      if (gathered && bytes > (keeper?.maxBytes ?? 0)) gathered = undefined;
      gathered?.push(chunk);
      return chunk;
    };
    yield write(head);
    let written = false;
    for (let next = first; !next.done; next = await iterator.next()) {
      const page = next === first ? next.value : check(next.value);
      if (page.length === 0) continue;
      const json = JSON.stringify(page);
      yield write(`${written ? ',' : ''}${json.slice(1, -1)}`);
      written = true;
    }
    yield write(await tail());
    if (gathered) keeper?.keep(Buffer.concat(gathered, bytes));
  }
  // Byte mode: it reads ahead 16 kB, not 16 pages.
  return Readable.from(chunks(), { objectMode: false });
}
