import { createContext, useContext, useState, type ReactNode } from 'react';
import { getClientConfig, type ClientConfig } from '../api/client-config.ts';
import { mapLibraryLoaders, type MapLibraryLoaders } from './map-libraries.ts';
import { createMapsService, type MapsService } from './maps-service.ts';
import { loadStreetsStyle } from './streets-style.ts';

const MapsContext = createContext<MapsService | null>(null);

interface MapsProviderProps {
  children: ReactNode;
  /** app/ passes loaders under the page-loading rules; tests may pass their own. */
  loaders?: MapLibraryLoaders;
  loadSettings?: () => Promise<ClientConfig>;
}

/**
 * docs/behaviour.md#maps: every gated page sits inside this. It loads nothing by itself;
 * the hooks in use-maps.ts ask for the settings and each library when a feature first needs
 * them, so the login page never pays for the map.
 */
export function MapsProvider({
  children,
  loaders = mapLibraryLoaders,
  loadSettings = getClientConfig,
}: MapsProviderProps) {
  const [service] = useState(() => createMapsService({ loaders, loadSettings, loadStreetsStyle }));
  return <MapsContext value={service}>{children}</MapsContext>;
}

export function useMapsService(): MapsService {
  const service = useContext(MapsContext);
  if (!service) throw new Error('Map features must be rendered inside <MapsProvider>');
  return service;
}
