/** Window events the app's menu and modals listen for (the native back button sends them). */
export const closeMenuEvent = 'fj:close-menu';
export const closeTopModalEvent = 'fj:close-top-modal';

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
 * The mobile back button (docs/behaviour.md#back-button), in its order, and one thing per press (issue 9): closing
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
 * Dispatches the close request as a cancelable event. dispatchEvent runs every listener
 * before it returns, so a dialog or sheet that closed (and called preventDefault) is known
 * at once: dispatchEvent answers false.
 */
export function broadcastCloseTopModal(): boolean {
  const request = new Event(closeTopModalEvent, { cancelable: true });
  return !window.dispatchEvent(request);
}

/** The page's side of it: the marker the layout sets, and the events it listens for. */
export const browserBackButtonActions = (exitApp: () => void): BackButtonActions => ({
  closeMenu: () => window.dispatchEvent(new Event(closeMenuEvent)),
  requestCloseTopModal: broadcastCloseTopModal,
  goBack: () => window.history.back(),
  exitApp,
});

export const isMenuOpen = () => document.body.dataset.menuOpen === 'true';
