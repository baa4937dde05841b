import { Outlet } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { MapsProvider } from './maps-provider.tsx';
import { ServerReadinessGate } from './readiness/server-readiness-gate.tsx';

/** Everything except /privacy-policy sits behind these (docs/behaviour.md#routes). */
export function GatedShell() {
  return (
    <ServerReadinessGate>
      <MapsProvider>
        <AppProviders>
          <Outlet />
        </AppProviders>
      </MapsProvider>
    </ServerReadinessGate>
  );
}
