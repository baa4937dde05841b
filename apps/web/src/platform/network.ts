/** What the native app's network plugin says, reduced to what the app uses. */
export interface NativeNetworkWatch {
  /** Whether the device is connected now. */
  connected: boolean;
  /** Stops the change listener. */
  stop(): Promise<void>;
}

/**
 * The device's connection from @capacitor/network (native app only: the WebView's own
 * navigator.onLine and online/offline events are unreliable there). Loaded on first use, so the
 * web build never loads the plugin. Calls `onChange` on every change after the first reading.
 */
export async function watchNativeNetwork(
  onChange: (connected: boolean) => void,
): Promise<NativeNetworkWatch> {
  const { Network } = await import('@capacitor/network');
  const handle = await Network.addListener('networkStatusChange', (status) =>
    onChange(status.connected),
  );
  const { connected } = await Network.getStatus();
  return { connected, stop: () => handle.remove() };
}
