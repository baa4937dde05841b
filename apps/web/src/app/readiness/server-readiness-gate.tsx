import { useCallback, useState, type ReactNode } from 'react';
import { checkHealth } from '../../lib/api/health.ts';
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

export function ServerReadinessGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => serverAnswered || opensOffline());
  const markReady = useCallback(() => {
    serverAnswered = true;
    setReady(true);
  }, []);
  const openOffline = useCallback(() => setReady(true), []);
  if (ready) return children;
  return (
    <StartScreen
      check={checkHealth}
      refreshToken={refreshSignedInToken}
      onReady={markReady}
      onOpenOffline={rememberedUser() ? openOffline : undefined}
    />
  );
}
