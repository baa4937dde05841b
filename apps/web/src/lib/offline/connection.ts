/**
 * Whether the device is online, and word when that changes. A seam (docs/architecture.md#outbox):
 * the browser's navigator.onLine and its events here; network-state.ts, with @capacitor/network
 * on native, can stand in for it without the outbox changing.
 */
export interface Connection {
  isOnline(): boolean;
  /** Calls back on every change; answers the function that stops it. */
  onChange(listener: (online: boolean) => void): () => void;
}

export const browserConnection: Connection = {
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  onChange(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};
