import { Link, useNavigate } from 'react-router';
import { tutorialRequest } from '../../lib/tutorial-request.ts';
import { usePointerVerb, withVerb } from '../../lib/ui/pointer-verb.ts';
import { Faq } from './faq.tsx';
import { StepArt } from './step-art.tsx';
import { stepCount, tutorialSteps } from './tutorial-steps.ts';
import '../../styles/pages.css';

/**
 * The tutorial as a page to come back to, and the questions people ask: only what the app does
 * today, each sentence proved by e2e/help-claims.e2e.ts.
 */
export function HelpPage() {
  const navigate = useNavigate();
  const verb = usePointerVerb();
  // The tutorial plays over the map it describes.
  function playTutorial() {
    tutorialRequest.request();
    void navigate('/');
  }

  return (
    <div className="page">
      <h1>Help</h1>
      <p className="page-lead">How the journal works, in {stepCount()}.</p>
      <section aria-labelledby="tutorial-heading">
        <h2 id="tutorial-heading">Tutorial</h2>
        <ol className="tutorial-steps">
          {tutorialSteps.map((step, index) => (
            <li key={step.title} className="tutorial-step">
              <StepArt name={step.art} />
              <div>
                <h3>
                  {index + 1}. {step.title}
                </h3>
                <p>{withVerb(step.text, verb)}</p>
              </div>
            </li>
          ))}
        </ol>
        <p>
          <button type="button" className="button button-quiet" onClick={playTutorial}>
            Play the tutorial again
          </button>
        </p>
      </section>
      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">Questions</h2>
        <Faq />
        <p>
          More about your data in the <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </section>
    </div>
  );
}
