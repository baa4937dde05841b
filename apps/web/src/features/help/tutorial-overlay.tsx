import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { preferencesService } from '../../lib/api/preferences-service.ts';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { showTutorialEvent } from './show-tutorial.ts';
import { StepArt } from './step-art.tsx';
import { tutorialSteps } from './tutorial-steps.ts';
import '../../styles/pages.css';

/** After sign-in the short version: a spot, its patch, an entry, and where to find it again. */
const overlaySteps = tutorialSteps.filter((step) =>
  ['tap-map', 'patch', 'entry', 'list'].includes(step.art),
);

interface TutorialDialogProps {
  onClose: () => void;
  onNeverAgain: () => void;
}

/** Back and Next come before Skip in the DOM, so focus starts on Next. */
function TutorialDialog({ onClose, onNeverAgain }: TutorialDialogProps) {
  const [index, setIndex] = useState(0);
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
        <p>{step.text}</p>
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
        <button type="button" className="link-button" onClick={onNeverAgain}>
          Don&apos;t show again
        </button>
        <button type="button" className="link-button" onClick={onClose}>
          Skip
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * Shown once after sign-in while the account's tutorial flag is on (GET /preferences), and
 * again whenever the Help page asks. Closing hides it for this visit; "Don't show again"
 * turns the flag off.
 */
export function TutorialOverlay() {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? null;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // Not before the session is settled: a new user's preferences are created just before.
    if (!uid || loading) return;
    let current = true;
    void preferencesService.get().then((preferences) => {
      if (current && preferences?.showTutorial) setOpen(true);
    });
    return () => {
      current = false;
    };
  }, [uid, loading]);

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(showTutorialEvent, show);
    return () => window.removeEventListener(showTutorialEvent, show);
  }, []);

  async function neverAgain() {
    setOpen(false);
    const saved = await preferencesService.updateTutorial(false);
    if (!saved) toast.error('That could not be saved; the tutorial may show again next time.');
  }

  if (!open || !uid) return null;
  return <TutorialDialog onClose={() => setOpen(false)} onNeverAgain={() => void neverAgain()} />;
}
