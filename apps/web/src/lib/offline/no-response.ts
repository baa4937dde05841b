import { ApiError, INVALID_RESPONSE_CODE, NETWORK_CODE, TIMEOUT_CODE } from '../api/api-error.ts';
import type { OutboxOp } from './outbox-ops.ts';

/**
 * Only a write that got no answer at all goes to the outbox: a server that answered has decided,
 * and its refusal is the caller's to show (docs/behaviour.md#outbox).
 */
export function isNoResponse(error: unknown): boolean {
  return error instanceof ApiError && (error.code === NETWORK_CODE || error.code === TIMEOUT_CODE);
}

/**
 * What a replayed write's failure means (docs/architecture.md#outbox):
 * - later: no answer, or the server asked to slow down (429): the pass stops there;
 * - held: the server answered that it cannot take this one now (5xx, 401 while signing in
 *   again, 408): it waits with the server's message, and the writes that do not depend on it go on;
 * - done: the server took it (a delete of what is gone; a 2xx this app could not read);
 * - dropped: it changes something deleted elsewhere (404);
 * - failed: the server refused it (any other 4xx), with its message.
 */
export type ReplayVerdict = 'later' | 'held' | 'done' | 'dropped' | 'failed';

export function verdictOf(error: unknown, op: OutboxOp): ReplayVerdict {
  if (!(error instanceof ApiError)) return 'later';
  if (isNoResponse(error)) return 'later';
  if (error.code === INVALID_RESPONSE_CODE) return 'done';
  const { status } = error;
  if (status === 429) return 'later';
  if (status >= 500 || status === 401 || status === 408) return 'held';
  if (status === 404) {
    if (op.kind === 'deleteLocation' || op.kind === 'deleteEntry') return 'done';
    return op.kind === 'preferences' ? 'failed' : 'dropped';
  }
  return 'failed';
}
