import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { useMapsService } from '../../lib/maps/maps-provider.tsx';
import { preloadSignedInPage } from '../pages.ts';
import { PageLoader } from './page-loader.tsx';

/**
 * What a signed-in page needs, asked for as soon as the user is known and all at once: the
 * signed-in frame, the page, and on the home page the map library and the map settings
 * (docs/behaviour.md#page-loading).
 */
function useWarmUp(signedIn: boolean) {
  const { pathname } = useLocation();
  const maps = useMapsService();
  useEffect(() => {
    if (!signedIn) return;
    preloadSignedInPage(pathname);
    if (pathname !== '/') return;
    maps.requestSettings();
    maps.requestLibrary('marker');
  }, [signedIn, pathname, maps]);
}

/**
 * Signed-in routes: a visitor goes to /login (docs/behaviour.md#routes). A known user's page
 * shows at once; only while nobody is known yet does the loader stand in.
 */
export function RequireUser() {
  const { user, loading } = useAuth();
  useWarmUp(user !== null);
  if (user) return <Outlet />;
  return loading ? <PageLoader /> : <Navigate to="/login" replace />;
}

/** /login: a signed-in user goes to /. */
export function VisitorOnly() {
  const { user, loading } = useAuth();
  if (user) return <Navigate to="/" replace />;
  return loading ? <PageLoader /> : <Outlet />;
}
