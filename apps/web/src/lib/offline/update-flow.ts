import { createObservableValue } from '../observable-value.ts';
import { isReplaying, whenReplayIdle } from './replay-activity.ts';

/**
 * The "New version ready — Reload" prompt's states (docs/behaviour.md#update-prompt):
 * - `none`: nothing to offer;
 * - `ready`: a new service worker is waiting; the prompt shows;
 * - `finishing`: the user pressed Reload while the outbox replays: "Finishing sync…" until it
 *   is idle, since a reload would cut a queued write off half-way;
 * - `reloading`: the new worker was told to take over; the page reloads once it controls.
 */
export type UpdateState = 'none' | 'ready' | 'finishing' | 'reloading';

/** What the service worker side gives the flow (service-worker.ts; a fake in the tests). */
export interface UpdateWorker {
  /** Tells the waiting worker to take over (skipWaiting); the page reloads when it does. */
  activate(): Promise<void> | void;
}

/**
 * The prompt's logic, with no DOM: the page never reloads by itself, only after the user pressed
 * Reload, and never while the outbox replays. One per page (`updateFlow` below); tests make their own.
 */
export function createUpdateFlow(reloadPage: () => void) {
  const state = createObservableValue<UpdateState>('none');
  let worker: UpdateWorker | null = null;
  // The new worker already controls this page (another tab's Reload): nothing left to activate.
  let handedOver = false;

  return {
    getState: state.get,

    /** Calls the listener on every change; answers the function that stops it. */
    subscribe: state.subscribe,

    /** A new version is installed and waiting: show the prompt (once, however often told). */
    offer(waiting: UpdateWorker): void {
      worker = waiting;
      if (state.get() === 'none') state.set('ready');
    },

    /** The user pressed Reload: wait for the outbox to be idle, then switch to the new worker. */
    async accept(): Promise<void> {
      if (state.get() !== 'ready') return;
      if (isReplaying()) {
        state.set('finishing');
        await whenReplayIdle();
      }
      state.set('reloading');
      if (handedOver || !worker) reloadPage();
      else await worker.activate();
    },

    /**
     * The new worker now controls the page. Reload only when this page asked for it: another tab's
     * Reload also hands this page over: this page then shows (or keeps) its prompt, since its
     * code is now older than its worker's, and its Reload only reloads.
     */
    async controllerChanged(): Promise<void> {
      handedOver = true;
      if (state.get() === 'none') state.set('ready');
      if (state.get() !== 'reloading') return;
      // A replay may have started between the click and the handover (an `online` event).
      await whenReplayIdle();
      reloadPage();
    },
  };
}

export type UpdateFlow = ReturnType<typeof createUpdateFlow>;

/** The page's one flow: service-worker.ts feeds it, the prompt (app/update-prompt.tsx) shows it. */
export const updateFlow = createUpdateFlow(() => window.location.reload());
