import { sendWindowEvent } from '../lib/window-events.ts';

/** Paths where "back" with no history means leaving the app (docs/behaviour.md#back-button). */
const exitPaths = new Set(['/', '/home', '/login']);

export interface BackButtonContext {
  /** The menu-open marker is on the page. */
  menuOpen: boolean;
  /** The WebView's history can go back (Capacitor reports it with the event). */
  canGoBack: boolean;
  path: string;
}

export interface BackButtonActions {
  closeMenu(): void;
  /** Broadcasts "close the topmost modal"; answers, synchronously, whether one closed. */
  requestCloseTopModal(): boolean;
  goBack(): void;
  exitApp(): void;
}

export type BackButtonOutcome = 'closed-menu' | 'closed-modal' | 'went-back' | 'exited' | 'nothing';

/**
 * The mobile back button (docs/behaviour.md#back-button), in its order, and one thing per press: closing
 * the menu, or a modal or bottom sheet that answered the request, ends the handling. Only when
 * nothing was open does it go back one step, or exit on /, /home and /login.
 */
export function handleBackButton(
  context: BackButtonContext,
  actions: BackButtonActions,
): BackButtonOutcome {
  if (context.menuOpen) {
    actions.closeMenu();
    return 'closed-menu';
  }
  if (actions.requestCloseTopModal()) return 'closed-modal';
  if (context.canGoBack) {
    actions.goBack();
    return 'went-back';
  }
  if (exitPaths.has(context.path)) {
    actions.exitApp();
    return 'exited';
  }
  return 'nothing';
}

/**
 * The page's side of it: the marker the layout sets, and the window events the menu, dialogs
 * and sheet listen for. The close request is cancelable, so a dialog or sheet that closed is
 * known at once.
 */
export const browserBackButtonActions = (exitApp: () => void): BackButtonActions => ({
  closeMenu: () => void sendWindowEvent('closeMenu'),
  requestCloseTopModal: () => sendWindowEvent('closeTopModal'),
  goBack: () => window.history.back(),
  exitApp,
});

export const isMenuOpen = () => document.body.dataset.menuOpen === 'true';
