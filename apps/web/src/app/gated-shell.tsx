import { Outlet } from 'react-router';
import { MapsProvider } from '../lib/maps/maps-provider.tsx';
import { AppProviders } from './app-providers.tsx';
import { timedMapLibraryLoaders } from './map-library-loaders.ts';
import { ServerReadinessGate } from './readiness/server-readiness-gate.tsx';

/** Everything except /privacy-policy sits behind these (docs/behaviour.md#routes). */
export function GatedShell() {
  return (
    <ServerReadinessGate>
      <MapsProvider loaders={timedMapLibraryLoaders}>
        <AppProviders>
          <Outlet />
        </AppProviders>
      </MapsProvider>
    </ServerReadinessGate>
  );
}
