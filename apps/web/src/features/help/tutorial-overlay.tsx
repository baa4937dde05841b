import { useEffect, useState } from 'react';
import { preferencesService } from '../../lib/api/preferences-service.ts';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { tutorialRequest } from '../../lib/tutorial-request.ts';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { usePointerVerb, withVerb } from '../../lib/ui/pointer-verb.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { StepArt } from './step-art.tsx';
import { tutorialSteps } from './tutorial-steps.ts';
import '../../styles/pages.css';

/** On the home map the short version: a spot, its patch, an entry, and where to find it again. */
const overlaySteps = tutorialSteps.filter((step) =>
  ['tap-map', 'patch', 'entry', 'list'].includes(step.art),
);

/** Back and Next come before Skip in the DOM, so focus starts on Next. */
function TutorialDialog({ onClose }: { onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const verb = usePointerVerb();
  const step = overlaySteps[index];
  if (!step) return null;
  const last = index === overlaySteps.length - 1;

  return (
    <ModalDialog title={step.title} onClose={onClose} className="tutorial-card">
      <div className="tutorial-body" aria-live="polite">
        <StepArt name={step.art} />
        <p className="inline-hint">
          Step {index + 1} of {overlaySteps.length}
        </p>
        <p>{withVerb(step.text, verb)}</p>
      </div>
      <ol className="step-dots" aria-hidden="true">
        {overlaySteps.map((item, dot) => (
          <li key={item.title} aria-current={dot === index ? 'step' : undefined} />
        ))}
      </ol>
      <div className="dialog-actions">
        {index > 0 && (
          <button type="button" className="button button-quiet" onClick={() => setIndex(index - 1)}>
            Back
          </button>
        )}
        <button
          type="button"
          className="button button-primary"
          onClick={() => (last ? onClose() : setIndex(index + 1))}
        >
          {last ? 'Done' : 'Next'}
        </button>
      </div>
      <div className="dialog-actions dialog-actions-secondary">
        <span className="inline-hint">Help → Play the tutorial again</span>
        <button type="button" className="link-button" onClick={onClose}>
          Skip
        </button>
      </div>
      <button
        type="button"
        className="tutorial-close"
        aria-label="Close tutorial"
        onClick={onClose}
      >
        <span aria-hidden="true">×</span>
      </button>
    </ModalDialog>
  );
}

/**
 * On the home map only (the layout mounts it there), once: while the account's tutorial flag
 * is on, or when Help or Settings asked for it. Closing it in any way turns the flag off
 * (PUT /preferences/tutorial {show:false}); a failure is only logged (docs/behaviour.md#tutorial).
 */
export function TutorialOverlay() {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? null;
  const [open, setOpen] = useState(() => tutorialRequest.isRequested());

  useEffect(() => {
    // Not before the session is settled: a new user's preferences are created just before.
    if (!uid || loading || open || tutorialRequest.wasClosed()) return;
    let current = true;
    void preferencesService.get().then((preferences) => {
      if (current && preferences?.showTutorial && !tutorialRequest.wasClosed()) setOpen(true);
    });
    return () => {
      current = false;
    };
  }, [uid, loading, open]);

  function close() {
    setOpen(false);
    tutorialRequest.markClosed();
    // Through the store, so closing it offline is kept for the server too.
    void useJournalStore.getState().saveTutorialFlag(false);
  }

  if (!open || !uid) return null;
  return <TutorialDialog onClose={close} />;
}
