import { createObservableValue } from '../observable-value.ts';

/**
 * Whether the server answered the app's last request. The device can be online (navigator.onLine,
 * @capacitor/network) while the server cannot be reached: a captive portal, a dead Wi-Fi, the
 * server down, or Chromium's offline emulation after a reload. The header says so instead of
 * "Online" (docs/behaviour.md#sync-status). Any answer, even an error, counts as reached.
 */
export function createServerReachability() {
  const reachable = createObservableValue(true);

  return {
    isReachable: (): boolean => reachable.get(),
    /** A request got an answer (any status). */
    noteAnswer: () => reachable.set(true),
    /** A request got no answer at all (network error or timeout). */
    noteNoAnswer: () => reachable.set(false),
    /** Calls the listener on every change; answers the function that stops it. */
    subscribe: reachable.subscribe,
  };
}

export type ServerReachability = ReturnType<typeof createServerReachability>;

/** The page's one record of it, kept by the API client (http-client.ts). */
export const serverReachability = createServerReachability();
