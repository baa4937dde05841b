import { useSyncExternalStore } from 'react';
import { browserConnection } from './connection.ts';

/** Whether the device is online, kept current (the header's status). */
export function useOnline(): boolean {
  return useSyncExternalStore(browserConnection.onChange, browserConnection.isOnline);
}
