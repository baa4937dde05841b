import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { AuthProvider } from '../lib/identity/auth-provider.tsx';
import { journalSession } from './journal-session.ts';
import { toastSettings } from './toast-settings.ts';

/** The app-wide context wrapper: the session, and where toasts appear. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider journal={journalSession}>
      {children}
      <ToastContainer {...toastSettings} />
    </AuthProvider>
  );
}
