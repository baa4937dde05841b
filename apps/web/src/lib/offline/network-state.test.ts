import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNetworkState } from './network-state.ts';

/**
 * @capacitor/network, faked at the plugin's own boundary: platform/network.ts runs as it is.
 */
const plugin = vi.hoisted(() => ({
  connected: true,
  listener: null as ((status: { connected: boolean }) => void) | null,
  removed: 0,
  fail: false,
}));

vi.mock('@capacitor/network', () => ({
  Network: {
    addListener: (_event: string, listener: (status: { connected: boolean }) => void) => {
      if (plugin.fail) return Promise.reject(new Error('plugin not implemented'));
      plugin.listener = listener;
      return Promise.resolve({ remove: () => Promise.resolve(void plugin.removed++) });
    },
    getStatus: () => Promise.resolve({ connected: plugin.connected, connectionType: 'wifi' }),
  },
}));

const { watchNativeNetwork } = await import('../../platform/network.ts');

afterEach(() => {
  Object.assign(plugin, { connected: true, listener: null, removed: 0, fail: false });
  vi.restoreAllMocks();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function browserState(onLine: boolean) {
  const target = new EventTarget();
  const state = createNetworkState({
    native: false,
    window: target as unknown as Window,
    navigator: { onLine },
    watchNative: () => Promise.reject(new Error('not native')),
  });
  return { state, target };
}

describe('the network state in the browser', () => {
  it('starts from navigator.onLine and follows the online and offline events, telling each change once', () => {
    const { state, target } = browserState(true);
    const seen: boolean[] = [];
    const stop = state.subscribe((online) => seen.push(online));
    expect(state.isOnline()).toBe(true);
    target.dispatchEvent(new Event('offline'));
    target.dispatchEvent(new Event('offline'));
    expect(state.isOnline()).toBe(false);
    target.dispatchEvent(new Event('online'));
    stop();
    target.dispatchEvent(new Event('offline'));
    expect(seen).toEqual([false, true]);
    expect(state.isOnline()).toBe(false);
  });

  it('says offline at once when the browser starts offline', () => {
    expect(browserState(false).state.isOnline()).toBe(false);
  });
});

describe('the network state in the native app', () => {
  function nativeState(onLine: boolean) {
    const target = new EventTarget();
    const state = createNetworkState({
      native: true,
      window: target as unknown as Window,
      navigator: { onLine },
      watchNative: watchNativeNetwork,
    });
    return { state, target };
  }

  it("takes the plugin's word over the WebView's, and follows its changes", async () => {
    plugin.connected = false;
    const { state, target } = nativeState(true);
    const seen: boolean[] = [];
    state.subscribe((online) => seen.push(online));
    await settle();
    expect(state.isOnline()).toBe(false);
    target.dispatchEvent(new Event('online')); // the WebView's events are not listened to
    expect(state.isOnline()).toBe(false);
    plugin.listener?.({ connected: true });
    expect(state.isOnline()).toBe(true);
    expect(seen).toEqual([false, true]);
  });

  it("falls back to the WebView's events when the plugin is missing", async () => {
    plugin.fail = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { state, target } = nativeState(true);
    expect(state.isOnline()).toBe(true);
    await settle();
    target.dispatchEvent(new Event('offline'));
    expect(state.isOnline()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("the plugin's watch can be stopped", async () => {
    const watch = await watchNativeNetwork(() => undefined);
    expect(watch.connected).toBe(true);
    await watch.stop();
    expect(plugin.removed).toBe(1);
  });
});
