import type { Location } from '@fj/contract/locations';
import type { Outbox } from './outbox.ts';
import { dependsOn, type OutboxItem, type OutboxOp } from './outbox-ops.ts';
import { verdictOf } from './no-response.ts';
import { setReplaying } from './replay-activity.ts';

/** docs/behaviour.md#outbox: the back-off between replays that got no answer or left items held. */
export const REPLAY_FIRST_DELAY_MS = 5_000;
export const REPLAY_MAX_DELAY_MS = 5 * 60_000;

export interface ReplayDeps {
  outbox: Outbox;
  send(op: OutboxOp): Promise<Location | undefined>;
  /** The server took the item (or it was already done): its answer, when it sent a location. */
  onSent(item: OutboxItem, location: Location | undefined): void;
  /** The queue changed (an item sent, failed or dropped): the screen reads it again. */
  onQueueChange(): Promise<void> | void;
  /** A pass ended having sent at least one item: time to read the server's state. */
  onPassSent(): Promise<void> | void;
}

/**
 * The next item to send: the first pending one that is not held this pass and does not depend
 * on a refused or held item before it (nor on one waiting for such an item).
 */
export function nextToSend(
  queue: readonly OutboxItem[],
  held: ReadonlySet<number>,
): OutboxItem | undefined {
  const waiting: OutboxOp[] = [];
  for (const item of queue) {
    if (item.status === 'dropped') continue;
    const behind =
      item.status === 'failed' ||
      held.has(item.seq) ||
      waiting.some((earlier) => dependsOn(item.op, earlier));
    if (!behind) return item;
    waiting.push(item.op);
  }
  return undefined;
}

/**
 * Replays the outbox in order, one item at a time, each removed only after the server
 * answered it, so a replay cut off anywhere starts again at the first unanswered item; the
 * server's idempotent creates and "delete of the gone is success" make sending it twice
 * harmless. An item the server refused, or could not take now (5xx, 401), holds back only the
 * items that depend on it (outbox-ops.ts `dependsOn`); no answer at all ends the pass. Only one
 * pass runs at a time; a request during a pass runs another after it. A pass that got no
 * answer or left an item held waits REPLAY_FIRST_DELAY_MS, doubling up to REPLAY_MAX_DELAY_MS.
 */
export function createReplayer(deps: ReplayDeps) {
  let running: Promise<void> | null = null;
  let requested = false;
  let delay = REPLAY_FIRST_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void replay();
    }, delay);
    delay = Math.min(delay * 2, REPLAY_MAX_DELAY_MS);
  }

  /**
   * A failed send: `stop` ends the pass (no answer), `done` counts it as sent (it leaves the
   * queue), `marked` keeps it with the server's message.
   */
  async function settleFailure(
    item: OutboxItem,
    error: unknown,
    held: Set<number>,
  ): Promise<'stop' | 'done' | 'marked'> {
    const verdict = verdictOf(error, item.op);
    if (verdict === 'later') return 'stop';
    if (verdict === 'done') {
      deps.onSent(item, undefined);
      return 'done';
    }
    const message = error instanceof Error ? error.message : String(error);
    if (verdict === 'held') {
      console.warn('The server could not take a queued change now', item.op, error);
      held.add(item.seq);
      await deps.outbox.setStatus(item.seq, 'pending', message);
    } else {
      console.error('A queued change was not accepted', item.op, error);
      await deps.outbox.setStatus(item.seq, verdict, message);
    }
    return 'marked';
  }

  /** One pass; answers whether it should be tried again later (no answer, or items held). */
  async function pass(): Promise<boolean> {
    let sent = false;
    const held = new Set<number>();
    try {
      for (;;) {
        if (stopped) return false;
        const item = nextToSend(await deps.outbox.all(), held);
        if (!item) return held.size > 0;
        let outcome: 'sent' | 'done' | 'marked' | 'stop' = 'sent';
        try {
          deps.onSent(item, await deps.send(item.op));
        } catch (error) {
          outcome = await settleFailure(item, error, held);
        }
        if (outcome === 'stop') return true;
        if (outcome !== 'marked') {
          await deps.outbox.remove(item.seq);
          sent = true;
        }
        await deps.onQueueChange();
      }
    } finally {
      if (sent && !stopped) await deps.onPassSent();
    }
  }

  async function loop() {
    setReplaying(true);
    try {
      do {
        requested = false;
        if (timer) clearTimeout(timer);
        timer = null;
        const again = await pass().catch((error: unknown) => {
          console.warn('Outbox replay stopped', error);
          return true;
        });
        if (again) schedule();
        else delay = REPLAY_FIRST_DELAY_MS;
      } while (requested && !stopped);
    } finally {
      running = null;
      setReplaying(false);
    }
  }

  /** Starts a pass (or asks for one after the pass under way); resolves when they are over. */
  function replay(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      requested = true;
      return running;
    }
    running = loop();
    return running;
  }

  return {
    replay,
    /** Sign-out or another user: no more passes, and the timer goes. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    /** Resolves when no pass is under way (tests, the sign-out wait). */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
