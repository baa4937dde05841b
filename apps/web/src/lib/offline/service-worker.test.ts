import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUpdateFlow } from './update-flow.ts';

type Handler = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

/** workbox-window's Workbox, faked: the test plays the browser's service worker events. */
const workbox = vi.hoisted(() => ({
  update: vi.fn(() => Promise.resolve()),
  instances: [] as {
    url: string;
    handlers: Map<string, Handler[]>;
    messageSkipWaiting: () => void;
  }[],
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    handlers = new Map<string, Handler[]>();
    messageSkipWaiting = vi.fn();
    constructor(readonly url: string) {
      workbox.instances.push(this);
    }
    addEventListener(type: string, handler: Handler) {
      this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
    }
    register() {
      return Promise.resolve({ update: workbox.update });
    }
  },
}));

const { UPDATE_CHECK_MS, startServiceWorker, wantsServiceWorker } =
  await import('./service-worker.ts');
const { FIRST_SCREEN_WAIT_MS, firstScreenDrawn, resetFirstScreen } =
  await import('./first-screen.ts');

function emit(type: string, event: Parameters<Handler>[0] = {}) {
  for (const handler of workbox.instances.at(-1)?.handlers.get(type) ?? []) handler(event);
}

beforeEach(() => {
  workbox.instances.length = 0;
  workbox.update.mockClear();
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  // The map has drawn its first screen (the registration waits for it, tested below).
  firstScreenDrawn();
});

afterEach(() => {
  resetFirstScreen();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (globalThis as { fjNativeShellStandIn?: unknown }).fjNativeShellStandIn;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the service worker registration', () => {
  it('registers /sw.js in a production browser build; a waiting worker is offered, and Reload activates it', async () => {
    const reload = vi.fn();
    const flow = createUpdateFlow(reload);
    startServiceWorker(flow);
    await settle();
    expect(workbox.instances.map((instance) => instance.url)).toEqual(['/sw.js']);
    expect(flow.getState()).toBe('none');

    emit('waiting');
    expect(flow.getState()).toBe('ready');
    await flow.accept();
    expect(workbox.instances[0]?.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    emit('controlling', { isUpdate: true });
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks for a new version every hour while the page is visible', async () => {
    vi.useFakeTimers();
    startServiceWorker(createUpdateFlow(vi.fn()));
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS - 1);
    expect(workbox.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(workbox.update).toHaveBeenCalledTimes(1);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(workbox.update).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });

  it("waits for the first screen to be drawn: the precache's downloads would compete with it", async () => {
    resetFirstScreen();
    vi.useFakeTimers();
    startServiceWorker(createUpdateFlow(vi.fn()));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(workbox.instances).toEqual([]);
    firstScreenDrawn();
    await vi.advanceTimersByTimeAsync(0);
    expect(workbox.instances).toHaveLength(1);
  });

  it("on a page without a map, registers after the first screen's longest wait", async () => {
    resetFirstScreen();
    vi.useFakeTimers();
    startServiceWorker(createUpdateFlow(vi.fn()));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(workbox.instances).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(workbox.instances).toHaveLength(1);
  });

  it('is not used in the native app, the dev server or the unit tests', () => {
    expect(wantsServiceWorker()).toBe(true);
    (globalThis as { fjNativeShellStandIn?: unknown }).fjNativeShellStandIn = {};
    expect(wantsServiceWorker()).toBe(false);
    delete (globalThis as { fjNativeShellStandIn?: unknown }).fjNativeShellStandIn;
    vi.stubEnv('PROD', false);
    expect(wantsServiceWorker()).toBe(false);
    startServiceWorker(createUpdateFlow(vi.fn()));
    expect(workbox.instances).toEqual([]);
  });
});
