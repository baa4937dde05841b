import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { PageLoader } from './page-loader.tsx';

/** Signed-in routes: a visitor goes to /login (docs/behaviour.md#routes). */
export function RequireUser() {
  const { user, loading } = useAuth();
  if (loading) return <PageLoader />;
  return user ? <Outlet /> : <Navigate to="/login" replace />;
}

/** /login: a signed-in user goes to /. */
export function VisitorOnly() {
  const { user, loading } = useAuth();
  if (loading) return <PageLoader />;
  return user ? <Navigate to="/" replace /> : <Outlet />;
}
