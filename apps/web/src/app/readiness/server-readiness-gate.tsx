import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { checkHealth } from '../../lib/api/health.ts';
import { identity } from '../../lib/identity/identity.ts';
import { rememberedUser } from '../../lib/identity/remembered-user.ts';
import { networkState } from '../../lib/offline/network-state.ts';
import { forgetStartupRefresh, refreshSignedInToken } from './refresh-token.ts';
import { StartScreen } from './start-screen.tsx';

/**
 * Once the server has answered in this page load, coming back from a page outside the gate
 * (the privacy policy) does not show the start screen again.
 */
let serverAnswered = false;

/** For tests: forget that the server answered, and the start-up's token refresh. */
export function resetServerReadiness(): void {
  serverAnswered = false;
  forgetStartupRefresh();
}

/**
 * docs/behaviour.md#offline-start: someone signed in on this device opens the journal from its
 * local copy when there is no network at all, instead of waiting for a server it cannot reach.
 */
function opensOffline(): boolean {
  return rememberedUser() !== null && !networkState().isOnline();
}

/**
 * Whether this device holds the journal of the user signed in here (its local copy has taken
 * a sync): only then may the start screen offer it offline. Read in the background (the local
 * copy's code is not part of the start-up's scripts).
 */
function useJournalOnDevice(wanted: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const user = wanted ? rememberedUser() : null;
    if (!user) return;
    let current = true;
    import('../../lib/offline/local-copy.ts')
      .then(({ holdsJournal }) => holdsJournal(user.uid))
      .then((holds) => {
        if (current) setHeld(holds);
      })
      .catch(() => undefined); // unreadable storage: nothing to open offline
    return () => {
      current = false;
    };
  }, [wanted]);
  return held;
}

export function ServerReadinessGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => serverAnswered || opensOffline());
  // Looked for only while the start screen shows (not on a start the gate lets straight in).
  const journalOnDevice = useJournalOnDevice(!ready);
  const markReady = useCallback(() => {
    serverAnswered = true;
    setReady(true);
  }, []);
  const openOffline = useCallback(() => {
    // Signed in from the device at once: the session check still waiting cannot sign them out.
    identity.startOffline();
    setReady(true);
  }, []);
  if (ready) return children;
  return (
    <StartScreen
      check={checkHealth}
      refreshToken={refreshSignedInToken}
      onReady={markReady}
      onOpenOffline={journalOnDevice ? openOffline : undefined}
    />
  );
}
