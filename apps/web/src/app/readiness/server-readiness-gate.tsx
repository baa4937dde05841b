import { useCallback, useState, type ReactNode } from 'react';
import { checkHealth } from '../../lib/api/health.ts';
import { refreshSignedInToken } from './refresh-token.ts';
import { StartScreen } from './start-screen.tsx';

/**
 * Once the server has answered in this page load, coming back from a page outside the gate
 * (the privacy policy) does not show the start screen again.
 */
let serverAnswered = false;

/** For tests: forget that the server answered. */
export function resetServerReadiness(): void {
  serverAnswered = false;
}

export function ServerReadinessGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(serverAnswered);
  const markReady = useCallback(() => {
    serverAnswered = true;
    setReady(true);
  }, []);
  if (ready) return children;
  return (
    <StartScreen check={checkHealth} refreshToken={refreshSignedInToken} onReady={markReady} />
  );
}
