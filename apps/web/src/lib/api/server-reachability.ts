import { createObservableValue } from '../observable-value.ts';

/**
 * Whether the server answered the app's last request. The device can be online (navigator.onLine,
 * @capacitor/network) while the server cannot be reached: a captive portal, a dead Wi-Fi, the
 * server down, or Chromium's offline emulation after a reload. The header says so instead of
 * "Online" (docs/behaviour.md#sync-status). Any answer, even an error, counts as reached; the
 * start-up's own requests (the health check, the early reads) count too.
 */
export function createServerReachability() {
  const reachable = createObservableValue(true);
  let answeredOnce = false;

  return {
    isReachable: (): boolean => reachable.get(),
    /**
     * 'answers' (or nothing was asked yet), else why not: 'lost' when the server answered
     * earlier in this page load, 'never' when it has not answered once since the page loaded
     * (an offline start: the header says Offline whatever navigator.onLine claims).
     */
    reach: (): 'answers' | 'lost' | 'never' =>
      reachable.get() ? 'answers' : answeredOnce ? 'lost' : 'never',
    /** A request got an answer (any status). */
    noteAnswer: () => {
      answeredOnce = true;
      reachable.set(true);
    },
    /** Tests only: as the page loaded, nothing asked yet. */
    forget: () => {
      answeredOnce = false;
      reachable.set(true);
    },
    /** A request got no answer at all (network error or timeout). */
    noteNoAnswer: () => reachable.set(false),
    /** Calls the listener on every change; answers the function that stops it. */
    subscribe: reachable.subscribe,
  };
}

export type ServerReachability = ReturnType<typeof createServerReachability>;

/** The page's one record of it, kept by the API client (http-client.ts). */
export const serverReachability = createServerReachability();
