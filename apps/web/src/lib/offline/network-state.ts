import { watchNativeNetwork, type NativeNetworkWatch } from '../../platform/network.ts';
import { isNativePlatform } from '../../platform/platform.ts';
import { createObservableValue } from '../observable-value.ts';

export interface NetworkStateSources {
  /** Whether this is the native app, whose plugin knows better than the WebView. */
  native: boolean;
  /** The browser's window and navigator (their online/offline events and `onLine`). */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  navigator: Pick<Navigator, 'onLine'>;
  /** The native plugin's watch (platform/network.ts). */
  watchNative: (onChange: (connected: boolean) => void) => Promise<NativeNetworkWatch>;
}

/**
 * Online or offline, now and on every change (the data layer replays its outbox when
 * the device comes back, and the header shows the state). In the browser it follows
 * navigator.onLine and the window's online/offline events; in the native app @capacitor/network,
 * with navigator.onLine until the plugin's first answer. "Online" means a network is there, not
 * that the server answers: a request can still get no response.
 */
export function createNetworkState(sources: NetworkStateSources) {
  const online = createObservableValue(sources.navigator.onLine);
  let started = false;

  // Started on first use: a page that never asks adds no listener and loads no plugin.
  function start() {
    if (started) return;
    started = true;
    if (!sources.native) {
      sources.window.addEventListener('online', () => online.set(true));
      sources.window.addEventListener('offline', () => online.set(false));
      return;
    }
    sources
      .watchNative(online.set)
      .then((watch) => online.set(watch.connected))
      .catch((error: unknown) => {
        // Without the plugin, the WebView's own events are the next best thing.
        console.warn('The network plugin is unavailable; following the WebView instead', error);
        sources.window.addEventListener('online', () => online.set(true));
        sources.window.addEventListener('offline', () => online.set(false));
      });
  }

  return {
    isOnline(): boolean {
      start();
      return online.get();
    },
    /** Calls the listener on every change; answers the function that stops it. */
    subscribe(listener: (online: boolean) => void): () => void {
      start();
      return online.subscribe(listener);
    },
  };
}

export type NetworkState = ReturnType<typeof createNetworkState>;

let shared: NetworkState | null = null;

/** The page's one network state (made on first call, so importing this module costs nothing). */
export function networkState(): NetworkState {
  shared ??= createNetworkState({
    native: isNativePlatform(),
    window,
    navigator,
    watchNative: watchNativeNetwork,
  });
  return shared;
}
