import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Our deepest valid body is five levels (a patch's vertices); 32 leaves room for auth bodies. */
export const maxJsonDepth = 32;

/**
 * True when the brackets nest deeper than `max`. One pass over the text, skipping strings, so
 * `[[[[…` 500 kB deep is refused before JSON.parse, zod or JSON.stringify (which is recursive
 * and would overflow the stack on the way to the identity provider) ever see it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * An escaped U+0000 (not preceded by an escaping backslash). No valid value holds one, and
 * PostgreSQL text cannot store it: refused here, it cannot reach a query as a 500 anywhere,
 * the identity provider's tables included.
 */
const escapedNul = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/** Fastify's own JSON parser (prototype-poisoning checks included) behind a nesting check. */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, maxJsonDepth)) {
      done(
        new AppError('VALIDATION_FAILED', `body: nested deeper than ${maxJsonDepth} levels`, {
          body: 'nested too deeply',
        }),
        undefined,
      );
      return;
    }
    if (escapedNul.test(text)) {
      done(
        new AppError('VALIDATION_FAILED', 'body: must not contain U+0000', {
          body: 'contains U+0000',
        }),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
}
