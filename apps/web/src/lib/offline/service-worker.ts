import { isNativePlatform } from '../../platform/platform.ts';
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS } from './first-screen.ts';
import { updateFlow, type UpdateFlow } from './update-flow.ts';

/** Where the build puts the worker (vite.config.ts, vite-plugin-pwa's generateSW). */
const workerUrl = '/sw.js';
/** A page left open checks for a new version this often (browsers check on navigations only). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Whether this page gets the service worker: a production build in a browser that has them.
 * Not the native app (its shell is local already, and iOS's WebView has no service worker),
 * not the dev server (it would cache what hot reload changes) and not the unit tests.
 */
export function wantsServiceWorker(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && !isNativePlatform();
}

/**
 * Registers the worker once the page has loaded and its first screen is drawn (the home map's
 * first idle; at most FIRST_SCREEN_WAIT_MS on a page without a map), so neither its script
 * (workbox-window, a chunk of its own) nor the precache downloads compete with what the first
 * screen needs (docs/architecture.md#service-worker): a first install fetches every file of the
 * build, on the same few HTTP/1.1 connections as the page's scripts and its journal, and the
 * page's `load` comes long before the map's data and scripts have arrived.
 */
export function startServiceWorker(
  flow: UpdateFlow = updateFlow,
  firstScreen: () => Promise<void> = () => afterFirstScreen(FIRST_SCREEN_WAIT_MS),
): void {
  if (!wantsServiceWorker()) return;
  const start = () =>
    void firstScreen()
      .then(() => registerWorker(flow))
      .catch(reportFailure);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function registerWorker(flow: UpdateFlow): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(workerUrl, { scope: '/' });
  // Also fired at registration for a worker already waiting since an earlier visit.
  workbox.addEventListener('waiting', () => {
    flow.offer({ activate: () => workbox.messageSkipWaiting() });
  });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate || event.isExternal) void flow.controllerChanged();
  });
  const registration = await workbox.register();
  if (!registration) return;
  setInterval(() => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}

/** Without a worker the app still runs online; the console says why for whoever looks. */
function reportFailure(error: unknown): void {
  console.warn('The service worker could not be registered: the app will not work offline', error);
}
