import { AppError } from '../../errors.ts';
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
