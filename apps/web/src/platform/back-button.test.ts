import { describe, expect, it, vi } from 'vitest';
import {
  browserBackButtonActions,
  closeMenuEvent,
  closeTopModalEvent,
  handleBackButton,
  isMenuOpen,
  type BackButtonActions,
} from './back-button.ts';

function recorder() {
  const calls: string[] = [];
  const actions: BackButtonActions = {
    closeMenu: () => calls.push('closeMenu'),
    requestCloseTopModal: () => calls.push('requestCloseTopModal'),
    goBack: () => calls.push('goBack'),
    exitApp: () => calls.push('exitApp'),
  };
  return { calls, actions };
}

describe('mobile back button (SPEC.md §2)', () => {
  it('1. closes the open mobile menu and does nothing else', () => {
    const { calls, actions } = recorder();
    expect(handleBackButton({ menuOpen: true, canGoBack: true, path: '/' }, actions)).toBe(
      'closed-menu',
    );
    expect(calls).toEqual(['closeMenu']);
  });

  it('2–3. otherwise asks the topmost modal to close, then goes back one step', () => {
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
