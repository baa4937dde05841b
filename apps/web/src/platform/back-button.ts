/** Window events the app's menu and modals listen for (the native back button sends them). */
export const closeMenuEvent = 'fj:close-menu';
export const closeTopModalEvent = 'fj:close-top-modal';

/** Paths where "back" with no history means leaving the app (SPEC.md §2). */
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
  requestCloseTopModal(): void;
  goBack(): void;
  exitApp(): void;
}

/** SPEC.md §2 "Mobile back button", in its order. Answers what it did, for tests and logs. */
export function handleBackButton(
  context: BackButtonContext,
  actions: BackButtonActions,
): 'closed-menu' | 'went-back' | 'exited' | 'nothing' {
  if (context.menuOpen) {
    actions.closeMenu();
    return 'closed-menu';
  }
  actions.requestCloseTopModal();
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

/** The page's side of it: the marker the layout sets, and the events it listens for. */
export const browserBackButtonActions = (exitApp: () => void): BackButtonActions => ({
  closeMenu: () => window.dispatchEvent(new Event(closeMenuEvent)),
  requestCloseTopModal: () => window.dispatchEvent(new Event(closeTopModalEvent)),
  goBack: () => window.history.back(),
  exitApp,
});

export const isMenuOpen = () => document.body.dataset.menuOpen === 'true';
