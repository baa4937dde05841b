import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { AuthProvider } from '../lib/identity/auth-provider.tsx';
import { toastSettings } from './toast-settings.ts';

/** The app-wide context wrapper: the session, and where toasts appear. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <ToastContainer {...toastSettings} />
    </AuthProvider>
  );
}
