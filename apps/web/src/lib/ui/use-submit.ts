import { useCallback, useRef, useState } from 'react';

export interface Submit<E> {
  /** True while the action runs: the form disables its submit button and says so. */
  busy: boolean;
  /** The last failure as `describe` put it, or what the form set itself (its own checks). */
  error: E | null;
  setError(error: E | null): void;
  /**
   * Runs the form's action unless one is already running (then it does nothing and answers
   * false). Answers whether the action succeeded; a failure is kept in `error`.
   */
  run(action: () => Promise<void>): Promise<boolean>;
}

/**
 * The one submit logic for forms and dialogs: busy while the action runs, never two at once,
 * the failure kept for the form to show. `describe` turns a failure into what the form shows
 * (`errorMessage` from error-message.ts for a single line); `logAs`, when given, logs it too.
 */
export function useSubmit<E>(
  describe: (error: unknown) => E,
  { logAs }: { logAs?: string } = {},
): Submit<E> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<E | null>(null);
  // A ref, not the state: two submits in the same tick would both still see busy === false.
  const running = useRef(false);

  const run = useCallback(
    async (action: () => Promise<void>): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        await action();
        return true;
      } catch (caught) {
        if (logAs) console.error(logAs, caught);
        setError(describe(caught));
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [describe, logAs],
  );

  return { busy, error, setError, run };
}
