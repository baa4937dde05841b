import { describe, expect, it, vi } from 'vitest';
import {
  browserBackButtonActions,
  handleBackButton,
  isMenuOpen,
  type BackButtonActions,
} from './back-button.ts';
import { windowEventType } from '../lib/window-events.ts';

const closeMenuEvent = windowEventType('closeMenu');
const closeTopModalEvent = windowEventType('closeTopModal');

/** Records what the handler did; `modalOpen` says whether a modal or sheet answers the request. */
function recorder(modalOpen = false) {
  const calls: string[] = [];
  const actions: BackButtonActions = {
    closeMenu: () => calls.push('closeMenu'),
    requestCloseTopModal: () => {
      calls.push('requestCloseTopModal');
      return modalOpen;
    },
    goBack: () => calls.push('goBack'),
    exitApp: () => calls.push('exitApp'),
  };
  return { calls, actions };
}

describe('mobile back button (docs/behaviour.md#back-button)', () => {
  it('1. closes the open mobile menu and does nothing else', () => {
    const { calls, actions } = recorder();
    expect(handleBackButton({ menuOpen: true, canGoBack: true, path: '/' }, actions)).toBe(
      'closed-menu',
    );
    expect(calls).toEqual(['closeMenu']);
  });

  it('2. a modal closed, so no history step', () => {
    const { calls, actions } = recorder(true);
    expect(
      handleBackButton({ menuOpen: false, canGoBack: true, path: '/locations' }, actions),
    ).toBe('closed-modal');
    expect(calls).toEqual(['requestCloseTopModal']);
  });

  it.each(['/', '/home', '/login'])('2. bottom sheet closed, so no exit on %s', (path) => {
    const { calls, actions } = recorder(true);
    expect(handleBackButton({ menuOpen: false, canGoBack: false, path }, actions)).toBe(
      'closed-modal',
    );
    expect(calls).toEqual(['requestCloseTopModal']);
  });

  it('1. an open menu is closed before any modal is asked', () => {
    const { calls, actions } = recorder(true);
    expect(handleBackButton({ menuOpen: true, canGoBack: false, path: '/' }, actions)).toBe(
      'closed-menu',
    );
    expect(calls).toEqual(['closeMenu']);
  });

  it('2–3. nothing open: asks the topmost modal, none answers, so it goes back one step', () => {
    const { calls, actions } = recorder();
    expect(
      handleBackButton({ menuOpen: false, canGoBack: true, path: '/locations' }, actions),
    ).toBe('went-back');
    expect(calls).toEqual(['requestCloseTopModal', 'goBack']);
  });

  it.each(['/', '/home', '/login'])(
    '4. exits the app on %s when history cannot go back',
    (path) => {
      const { calls, actions } = recorder();
      expect(handleBackButton({ menuOpen: false, canGoBack: false, path }, actions)).toBe('exited');
      expect(calls).toEqual(['requestCloseTopModal', 'exitApp']);
    },
  );

  it.each(['/locations', '/settings', '/profile', '/help', '/privacy-policy'])(
    'stays in the app on %s when history cannot go back',
    (path) => {
      const { calls, actions } = recorder();
      expect(handleBackButton({ menuOpen: false, canGoBack: false, path }, actions)).toBe(
        'nothing',
      );
      expect(calls).toEqual(['requestCloseTopModal']);
    },
  );

  it('goes back rather than exit on / when history can go back', () => {
    const { calls, actions } = recorder();
    handleBackButton({ menuOpen: false, canGoBack: true, path: '/' }, actions);
    expect(calls).not.toContain('exitApp');
  });
});

describe('the page side of the back button', () => {
  it('reads the menu-open marker from the page', () => {
    delete document.body.dataset.menuOpen;
    expect(isMenuOpen()).toBe(false);
    document.body.dataset.menuOpen = 'true';
    expect(isMenuOpen()).toBe(true);
    delete document.body.dataset.menuOpen;
  });

  it('answers whether a listener took the close request (preventDefault), synchronously', () => {
    const taker = (event: Event) => event.preventDefault();
    expect(browserBackButtonActions(vi.fn()).requestCloseTopModal()).toBe(false);
    window.addEventListener(closeTopModalEvent, taker);
    const answer = browserBackButtonActions(vi.fn()).requestCloseTopModal();
    window.removeEventListener(closeTopModalEvent, taker);
    expect(answer).toBe(true);
  });

  it('broadcasts the menu and modal requests as window events', () => {
    const heard: string[] = [];
    const listen = (name: string) => {
      const listener = () => heard.push(name);
      window.addEventListener(name, listener);
      return () => window.removeEventListener(name, listener);
    };
    const stops = [listen(closeMenuEvent), listen(closeTopModalEvent)];
    const exitApp = vi.fn();
    const actions = browserBackButtonActions(exitApp);
    actions.closeMenu();
    actions.requestCloseTopModal();
    actions.exitApp();
    stops.forEach((stop) => stop());
    expect(heard).toEqual([closeMenuEvent, closeTopModalEvent]);
    expect(exitApp).toHaveBeenCalledOnce();
  });
});
