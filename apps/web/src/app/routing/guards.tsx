import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { useSignedInWarmUp } from '../start-up.ts';
import { PageLoader } from './page-loader.tsx';
import { PageSlot } from './page-slot.tsx';

/**
 * Signed-in routes: a visitor goes to /login (docs/behaviour.md#routes). A known user's page
 * shows at once; only while nobody is known yet does the loader stand in. The page has a
 * loading slot of its own, so this guard is on screen (and its warm-up running) while the
 * page's script is still on its way.
 */
export function RequireUser() {
  const { user, loading } = useAuth();
  useSignedInWarmUp(user !== null);
  if (user)
    return (
      <PageSlot>
        <Outlet />
      </PageSlot>
    );
  return loading ? <PageLoader /> : <Navigate to="/login" replace />;
}

/** /login: a signed-in user goes to /. */
export function VisitorOnly() {
  const { user, loading } = useAuth();
  if (user) return <Navigate to="/" replace />;
  return loading ? <PageLoader /> : <Outlet />;
}
