import pLimit from 'p-limit';
import { AppError } from '../../errors.ts';

/** Decoding a 24 MP photo takes a few hundred MB and a core; two at once suit a small server. */
export const decodeSlots = 2;
/** Uploads that may wait for a slot; more would only hold their bodies in memory for longer. */
export const decodeQueueLength = 4;
/** About how long the slots take to work through a full queue. */
export const busyRetryAfterSeconds = 3;

/** Answered, with a Retry-After header, when every slot and queue place is taken. */
export class ServerBusyError extends AppError {
  override readonly retryAfterSeconds = busyRetryAfterSeconds;
  constructor() {
    super('SERVER_BUSY', 'The server is busy with other photos; try again in a few seconds');
  }
}

export interface DecodeGate {
  /** Runs the work in a slot, waiting in the queue if need be; full queue: ServerBusyError. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/** At most `slots` images decode at once in this server, `queue` more may wait their turn. */
export function createDecodeGate(slots = decodeSlots, queue = decodeQueueLength): DecodeGate {
  const limit = pLimit(slots);
  return {
    run(work) {
      if (limit.activeCount + limit.pendingCount >= slots + queue) {
        return Promise.reject(new ServerBusyError());
      }
      return limit(work);
    },
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
