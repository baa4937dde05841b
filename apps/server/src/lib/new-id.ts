import { randomUUID } from 'node:crypto';

/**
 * A new row id (a v4 UUID, as randomUUID gives it) as one flat string. Node 20's randomUUID
 * joins the id from 20 pieces with `+`, which V8 keeps as a rope of some 13 cons strings: about
 * 500 bytes of heap until something reads it, against 60 flat. An import or a restore makes
 * thousands before writing any (10,000 spots and 10,000 entries: 10 MB of ropes, promoted to
 * the old generation as the plan is built). Array.prototype.join builds a flat string.
 */
export function newId(): string {
  return randomUUID().split('-').join('-');
}
