import { useEffect, useState } from 'react';
import { preferencesService } from '../../lib/api/preferences-service.ts';
import { tutorialRequest } from '../../lib/tutorial-request.ts';
import { useJournalStore } from '../../store/journal-store.ts';

/**
 * The account's "show the tutorial" flag, saved through PUT /preferences/tutorial. Turned on,
 * the tutorial plays on the next visit to the home map. Read and save failures are only
 * logged (docs/behaviour.md#error-catalogue, by the service): the switch shows off when the flag could not be read,
 * and goes back when a change could not be saved.
 */
export function TutorialSetting() {
  const [show, setShow] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    void preferencesService.get().then((preferences) => {
      if (current) setShow(preferences?.showTutorial ?? false);
    });
    return () => {
      current = false;
    };
  }, []);

  async function toggle(next: boolean) {
    setSaving(true);
    setShow(next);
    if (next) tutorialRequest.request();
    else tutorialRequest.withdraw();
    // Through the store, so a change made with no network waits in the outbox.
    if (!(await useJournalStore.getState().saveTutorialFlag(next))) setShow(!next);
    setSaving(false);
  }

  return (
    <section className="card" aria-labelledby="tutorial-heading">
      <h2 id="tutorial-heading">Tutorial</h2>
      <p>A short walk-through on the home map: adding a spot and writing an entry.</p>
      <div className="switch-row">
        <button
          type="button"
          role="switch"
          id="tutorial-switch"
          className="switch"
          aria-checked={show === true}
          aria-labelledby="tutorial-switch-label"
          aria-busy={show === null}
          disabled={saving || show === null}
          onClick={() => void toggle(!show)}
        />
        <span id="tutorial-switch-label">Show the tutorial on the home map</span>
      </div>
    </section>
  );
}
