import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { PageLoader } from './page-loader.tsx';

/** Where an on-demand page appears: its spinner while loading, its error if it fails. */
export function PageSlot({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
