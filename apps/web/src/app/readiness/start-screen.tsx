import { useEffect, useState } from 'react';
import type { HealthAnswer } from '../../lib/api/health.ts';
import {
  connectionIssue,
  startScreenTitle,
  viewFor,
  waitForServer,
  wakeUpNotice,
  type ReadinessState,
} from './readiness.ts';

export interface StartScreenProps {
  check: () => Promise<HealthAnswer>;
  refreshToken: () => Promise<void>;
  onReady: () => void;
  reload?: () => void;
  /**
   * Offered while the last health check got no response at all (not while the server answers
   * that it is still starting): the journal opens from this device's local copy
   * (docs/behaviour.md#offline-start). Given only when the device holds one.
   */
  onOpenOffline?: () => void;
}

export const openOfflineLabel = 'Open my journal offline';

const reloadPage = () => window.location.reload();

/** The screen shown while the server wakes up; onReady fires once it answers. */
export function StartScreen({
  check,
  refreshToken,
  onReady,
  reload = reloadPage,
  onOpenOffline,
}: StartScreenProps) {
  const [state, setState] = useState<ReadinessState>({
    phase: 'checking',
    attempt: 0,
    unreachable: false,
  });

  useEffect(() => {
    const controller = new AbortController();
    void waitForServer({
      check,
      refreshToken,
      onReady,
      onState: setState,
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [check, refreshToken, onReady]);

  const view = viewFor(state);
  const offersOffline = onOpenOffline !== undefined && state.phase !== 'ready' && state.unreachable;
  return (
    <main className="start-screen" aria-busy={view.loading}>
      <section className="start-card">
        <div className="brand-mark" aria-hidden="true">
          <span className="brand-logo" />
        </div>
        <h1>{startScreenTitle}</h1>
        {view.failed ? (
          <div className="start-error" role="alert">
            <h2>{connectionIssue.heading}</h2>
            <p>{connectionIssue.message}</p>
            <button type="button" className="button button-primary" onClick={reload}>
              {connectionIssue.action}
            </button>
          </div>
        ) : (
          <>
            {view.loading && <span className="spinner" aria-hidden="true" />}
            <p className="start-message" role="status" aria-live="polite">
              {view.message}
            </p>
          </>
        )}
        <progress
          className="start-progress"
          max={100}
          value={view.progress}
          aria-label="Start-up progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.progress}
        />
        {view.notice && <p className="start-notice">{wakeUpNotice}</p>}
        {offersOffline && (
          <button
            type="button"
            className="button button-quiet start-offline"
            onClick={onOpenOffline}
          >
            {openOfflineLabel}
          </button>
        )}
      </section>
    </main>
  );
}
