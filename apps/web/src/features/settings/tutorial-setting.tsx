import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { preferencesService } from '../../lib/api/preferences-service.ts';

type Flag = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; show: boolean };

/** The account's "show the tutorial" flag, saved through PUT /preferences/tutorial. */
export function TutorialSetting() {
  const [flag, setFlag] = useState<Flag>({ state: 'loading' });
  const [saving, setSaving] = useState(false);

  // Bumped by Retry; the first read may come from the cache, a retry never does.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void preferencesService.get(attempt > 0).then((preferences) => {
      if (!current) return;
      setFlag(
        preferences ? { state: 'ready', show: preferences.showTutorial } : { state: 'failed' },
      );
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  function retry() {
    setFlag({ state: 'loading' });
    setAttempt((count) => count + 1);
  }

  async function toggle(show: boolean) {
    setSaving(true);
    setFlag({ state: 'ready', show });
    // SPEC.md §8 has the service log only; the person who flipped the switch deserves a word.
    const saved = await preferencesService.updateTutorial(show);
    if (!saved) {
      setFlag({ state: 'ready', show: !show });
      toast.error('The tutorial setting could not be saved. Please try again.');
    }
    setSaving(false);
  }

  return (
    <section className="card" aria-labelledby="tutorial-heading">
      <h2 id="tutorial-heading">Tutorial</h2>
      <p>A short walk-through after you sign in: adding a spot and writing an entry.</p>
      {flag.state === 'loading' && (
        <p className="inline-hint" role="status">
          Loading…
        </p>
      )}
      {flag.state === 'failed' && (
        <p className="inline-alert" role="alert">
          The tutorial setting could not be loaded.{' '}
          <button type="button" className="link-button" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      {flag.state === 'ready' && (
        <div className="switch-row">
          <button
            type="button"
            role="switch"
            id="tutorial-switch"
            className="switch"
            aria-checked={flag.show}
            aria-labelledby="tutorial-switch-label"
            disabled={saving}
            onClick={() => void toggle(!flag.show)}
          />
          <span id="tutorial-switch-label">Show the tutorial after sign-in</span>
        </div>
      )}
    </section>
  );
}
