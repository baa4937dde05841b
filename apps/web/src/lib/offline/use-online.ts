import { useSyncExternalStore } from 'react';
import { deviceConnection } from './connection.ts';

/** Whether the device is online, kept current (the header's status). */
export function useOnline(): boolean {
  return useSyncExternalStore(deviceConnection.onChange, deviceConnection.isOnline);
}
