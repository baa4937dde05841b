import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { useJournalStore } from '../../store/journal-store.ts';

/**
 * What Settings says once a change is kept (docs/behaviour.md#settings-saved). A failed one says
 * nothing: SPEC.md §8, preferences update failures are logged only, with no user message.
 */
export const saveWords = {
  saved: 'Settings saved',
  queued: 'Settings saved on this device; they will sync when you are back online',
} as const;

const toastId = 'settings-save';

function confirm(outcome: 'saved' | 'queued' | 'failed') {
  if (outcome === 'failed') {
    toast.dismiss(toastId);
    return;
  }
  const options = { toastId, type: 'success' } as const;
  if (toast.isActive(toastId)) toast.update(toastId, { render: saveWords[outcome], ...options });
  else toast(saveWords[outcome], options);
}

/**
 * Settings save each change as it is made; this confirms each one kept. Only
 * changes made while the page is open: an earlier save elsewhere is not news.
 */
export function useSaveConfirmation(): void {
  // The save the page found when it opened, which it does not confirm.
  const earlier = useRef(useJournalStore.getState().settingsSave);
  const save = useJournalStore((state) => state.settingsSave);
  useEffect(() => {
    if (save && save !== earlier.current) confirm(save.outcome);
  }, [save]);
}

/** For a setting kept on the device only (the map type): saved as soon as chosen. */
export const confirmDeviceSave = () => confirm('saved');
