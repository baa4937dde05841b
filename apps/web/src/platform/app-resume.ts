import { App } from '@capacitor/app';
import { isNativePlatform } from './platform.ts';

/**
 * Calls back when the native app comes back to the foreground (Capacitor's `resume`); on the
 * web the page's visibilitychange says the same. Answers the function that stops listening.
 */
export function onAppResume(listener: () => void): () => void {
  if (!isNativePlatform()) return () => undefined;
  const handle = App.addListener('resume', listener).catch((error: unknown) => {
    console.warn('Could not listen for the app resuming', error);
    return null;
  });
  return () => void handle.then((listening) => listening?.remove());
}
