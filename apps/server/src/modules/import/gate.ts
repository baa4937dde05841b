import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../../errors.ts';
import { importBusyRetryAfterSeconds, importSlots } from './limits.ts';

/** Answered, with Retry-After, when every import slot is taken. */
export class ImportsBusyError extends AppError {
  override readonly retryAfterSeconds = importBusyRetryAfterSeconds;
  constructor() {
    super('SERVER_BUSY', 'The server is busy with other imports; try again in a few seconds');
  }
}

/**
 * At most `slots` imports or restores at once: a file's parsing and planning take a core and
 * memory in proportion to its size, so a third is refused at once rather than queued with its
 * body.
 */
export function createImportGate(slots = importSlots) {
  let running = 0;
  return {
    /** Takes a slot (ImportsBusyError when none is free); the function gives it back, once. */
    enter(): () => void {
      if (running >= slots) throw new ImportsBusyError();
      running += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        running -= 1;
      };
    },
    get running() {
      return running;
    },
  };
}

/** How long a refused upload's body is still read (and thrown away) after the 503. */
export const busyDrainMs = 10_000;

/**
 * The 503 of a busy server, answered before the body is read, with the connection kept open
 * while the rest of the body arrives, read and thrown away (Node's own handling of a body its
 * handler did not read), for up to busyDrainMs; a client that asked to close is closed once the
 * body has ended. Not an immediate close: a socket closed with the client's data still unread
 * is reset by the kernel, and the reset may erase the 503 at the client before it has read it
 * (RFC 9112 §9.6), which answered the client nothing. `Connection: keep-alive` is sent even to a
 * client that asked to close, since Node closes at once after any other answer. A body still
 * arriving after busyDrainMs ends its connection.
 */
export function answerBusy(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ImportsBusyError,
): FastifyReply {
  const socket = request.raw.socket;
  const timer = setTimeout(() => {
    if (!request.raw.complete) socket.destroy();
  }, busyDrainMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  if (/\bclose\b/i.test(request.headers.connection ?? ''))
    request.raw.once('end', () => socket.end());
  return reply
    .status(error.status)
    .header('retry-after', String(error.retryAfterSeconds))
    .header('connection', 'keep-alive')
    .send(errorBody(error.code, error.message));
}
