import { useSyncExternalStore } from 'react';
import { updateFlow, type UpdateFlow, type UpdateState } from '../lib/offline/update-flow.ts';

const says: Record<Exclude<UpdateState, 'none' | 'ready'>, string> = {
  finishing: 'Finishing sync…',
  reloading: 'Reloading…',
};

/**
 * "New version ready — Reload" (docs/behaviour.md#update-prompt), over every page, signed in or
 * not. The live region is always there, so a screen reader announces the prompt when it appears.
 */
export function UpdatePrompt({ flow = updateFlow }: { flow?: UpdateFlow }) {
  const state = useSyncExternalStore(flow.subscribe, flow.getState);
  return (
    <div className="update-prompt-region" role="status" aria-live="polite">
      {state === 'none' ? null : (
        <div className="update-prompt">
          {state === 'ready' ? (
            <>
              <span>New version ready — </span>
              <button
                type="button"
                className="button button-primary"
                onClick={() => void flow.accept()}
              >
                Reload
              </button>
            </>
          ) : (
            <span>{says[state]}</span>
          )}
        </div>
      )}
    </div>
  );
}
