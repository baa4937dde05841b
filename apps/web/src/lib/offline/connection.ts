import { networkState } from './network-state.ts';

/**
 * Whether the device is online, and word when that changes: the seam the outbox is written
 * against (docs/architecture.md#local-copy), so its tests can hand in their own.
 */
export interface Connection {
  isOnline(): boolean;
  /** Calls back on every change; answers the function that stops it. */
  onChange(listener: (online: boolean) => void): () => void;
}

/** The page's network state (network-state.ts: the browser's events, @capacitor/network on native). */
export const deviceConnection: Connection = {
  isOnline: () => networkState().isOnline(),
  onChange: (listener) => networkState().subscribe(listener),
};
