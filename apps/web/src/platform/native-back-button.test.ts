import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { windowEventType } from '../lib/window-events.ts';

const closeMenuEvent = windowEventType('closeMenu');
const closeTopModalEvent = windowEventType('closeTopModal');

type BackListener = (event: { canGoBack: boolean }) => void;

/** @capacitor/app at the plugin boundary: records the listener, counts exits. */
const app = vi.hoisted(() => ({
  listeners: [] as { event: string; listener: BackListener }[],
  exitApp: vi.fn(() => Promise.resolve()),
  failAdd: false,
}));
vi.mock('@capacitor/app', () => ({
  App: {
    addListener: (event: string, listener: BackListener) => {
      if (app.failAdd) return Promise.reject(new Error('no bridge'));
      app.listeners.push({ event, listener });
      return Promise.resolve({ remove: () => Promise.resolve() });
    },
    exitApp: app.exitApp,
  },
}));

/** A fresh module each time: installation is once per app start. */
async function install() {
  vi.resetModules();
  const { installNativeBackButton } = await import('./native-back-button.ts');
  installNativeBackButton();
  return installNativeBackButton;
}

function pressBack(canGoBack: boolean) {
  const registered = app.listeners.find((entry) => entry.event === 'backButton');
  if (!registered) throw new Error('no back-button listener');
  registered.listener({ canGoBack });
}

const heard: string[] = [];
const record = (event: Event) => heard.push(event.type);

beforeEach(() => {
  app.listeners = [];
  app.failAdd = false;
  app.exitApp.mockClear();
  heard.length = 0;
  window.addEventListener(closeMenuEvent, record);
  window.addEventListener(closeTopModalEvent, record);
  window.history.replaceState(null, '', '/');
  vi.stubGlobal('fjNativeShellStandIn', {});
});

afterEach(() => {
  window.removeEventListener(closeMenuEvent, record);
  window.removeEventListener(closeTopModalEvent, record);
  delete document.body.dataset.menuOpen;
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('native back button wiring (docs/behaviour.md#back-button)', () => {
  it('is not installed on the web, where the browser owns "back"', async () => {
    vi.stubGlobal('fjNativeShellStandIn', undefined);
    await install();
    expect(app.listeners).toEqual([]);
  });

  it("listens for @capacitor/app's backButton once, however often start-up calls it", async () => {
    const again = await install();
    again();
    expect(app.listeners.map((entry) => entry.event)).toEqual(['backButton']);
  });

  it('1. closes the open mobile menu, and does nothing else', async () => {
    await install();
    document.body.dataset.menuOpen = 'true';
    const back = vi.spyOn(window.history, 'back');
    pressBack(true);
    expect(heard).toEqual([closeMenuEvent]);
    expect(back).not.toHaveBeenCalled();
    expect(app.exitApp).not.toHaveBeenCalled();
  });

  it('2+3. asks the top modal to close, then goes back when history can', async () => {
    await install();
    window.history.replaceState(null, '', '/profile');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    pressBack(true);
    expect(heard).toEqual([closeTopModalEvent]);
    expect(back).toHaveBeenCalledOnce();
    expect(app.exitApp).not.toHaveBeenCalled();
  });

  it('2. a modal that answers the request ends the press: no history step', async () => {
    await install();
    window.history.replaceState(null, '', '/profile');
    const modal = (event: Event) => event.preventDefault();
    window.addEventListener(closeTopModalEvent, modal);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    pressBack(true);
    window.removeEventListener(closeTopModalEvent, modal);
    expect(heard).toEqual([closeTopModalEvent]);
    expect(back).not.toHaveBeenCalled();
    expect(app.exitApp).not.toHaveBeenCalled();
  });

  it('2. a bottom sheet that answers the request ends the press: no exit on /', async () => {
    await install();
    const sheet = (event: Event) => event.preventDefault();
    window.addEventListener(closeTopModalEvent, sheet);
    pressBack(false);
    window.removeEventListener(closeTopModalEvent, sheet);
    expect(app.exitApp).not.toHaveBeenCalled();
  });

  it.each(['/', '/home', '/login'])('4. exits the app on %s with no history', async (path) => {
    await install();
    window.history.replaceState(null, '', path);
    const back = vi.spyOn(window.history, 'back');
    pressBack(false);
    expect(heard).toEqual([closeTopModalEvent]);
    expect(back).not.toHaveBeenCalled();
    expect(app.exitApp).toHaveBeenCalledOnce();
  });

  it('stays on any other page with no history (only the modal request goes out)', async () => {
    await install();
    window.history.replaceState(null, '', '/settings');
    pressBack(false);
    expect(heard).toEqual([closeTopModalEvent]);
    expect(app.exitApp).not.toHaveBeenCalled();
  });

  it('logs a failed exit instead of throwing from the listener', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    app.exitApp.mockImplementationOnce(() => Promise.reject(new Error('not on web')));
    await install();
    expect(() => pressBack(false)).not.toThrow();
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
  });

  it('logs when the listener cannot be registered, and may try again later', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    app.failAdd = true;
    const again = await install();
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    app.failAdd = false;
    again();
    expect(app.listeners).toHaveLength(1);
  });
});
