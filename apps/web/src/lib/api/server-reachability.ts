type Listener = (reachable: boolean) => void;

/**
 * Whether the server answered the app's last request. The device can be online (navigator.onLine,
 * @capacitor/network) while the server cannot be reached: a captive portal, a dead Wi-Fi, the
 * server down, or Chromium's offline emulation after a reload. The header says so instead of
 * "Online" (docs/behaviour.md#sync-status). Any answer, even an error, counts as reached.
 */
export function createServerReachability() {
  let reachable = true;
  const listeners = new Set<Listener>();

  function set(next: boolean) {
    if (next === reachable) return;
    reachable = next;
    for (const listener of [...listeners]) listener(next);
  }

  return {
    isReachable: (): boolean => reachable,
    /** A request got an answer (any status). */
    noteAnswer: () => set(true),
    /** A request got no answer at all (network error or timeout). */
    noteNoAnswer: () => set(false),
    /** Calls the listener on every change; answers the function that stops it. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ServerReachability = ReturnType<typeof createServerReachability>;

/** The page's one record of it, kept by the API client (http-client.ts). */
export const serverReachability = createServerReachability();
