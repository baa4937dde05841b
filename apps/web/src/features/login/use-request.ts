import { useCallback, useState } from 'react';
import { NETWORK_ERROR_CODE } from '../../lib/identity/auth-http.ts';
import { IdentityError } from '../../lib/identity/identity.ts';

const fallbackMessage = 'Something went wrong. Check your connection and try again.';
const unreachableMessage = 'Could not reach the server. Check your connection and try again.';

/** The server's own words when it sent some; a general line otherwise. */
export function messageOf(error: unknown): string {
  if (error instanceof IdentityError && error.code === NETWORK_ERROR_CODE)
    return unreachableMessage;
  if (error instanceof IdentityError && error.message) return error.message;
  return fallbackMessage;
}

/** One request at a time: busy while it runs, its error message when it fails. */
export function useRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (task: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await task();
      return true;
    } catch (caught) {
      setError(messageOf(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, run, clearError };
}
