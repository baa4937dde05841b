import { useSyncExternalStore } from 'react';
import { serverReachability } from '../../lib/api/server-reachability.ts';
import { useOnline } from '../../lib/offline/use-online.ts';

/**
 * The app's one word for its connection (docs/behaviour.md#sync-status): `Online` while the
 * server answers, else `Offline` — no network, nothing answered since the page loaded (whatever
 * the browser claims), or the last request got no answer.
 */
export function useConnectionWord(): 'Online' | 'Offline' {
  const online = useOnline();
  const reach = useSyncExternalStore(serverReachability.subscribe, serverReachability.reach);
  return online && reach === 'answers' ? 'Online' : 'Offline';
}
