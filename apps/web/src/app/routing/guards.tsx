import { invitationPath } from '@fj/contract/web-paths';
import { Navigate, Outlet, useLocation } from 'react-router';
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
  const { pathname, hash } = useLocation();
  useSignedInWarmUp(user !== null);
  if (user)
    return (
      <PageSlot>
        <Outlet />
      </PageSlot>
    );
  // An invitation's link opened signed out is taken up again after sign-in (the tab's history
  // state: the token still reaches no server).
  const state = pathname === invitationPath && hash ? { invitation: hash } : undefined;
  return loading ? <PageLoader /> : <Navigate to="/login" replace state={state} />;
}

/** Where a sign-in goes: back to the invitation it interrupted, else home. */
export function afterSignIn(state: unknown): string {
  const hash: unknown =
    typeof state === 'object' && state !== null && 'invitation' in state ? state.invitation : null;
  return typeof hash === 'string' && /^#[\w.-]+$/.test(hash) ? `${invitationPath}${hash}` : '/';
}

/** /login: a signed-in user goes to /, or back to the invitation that brought them. */
export function VisitorOnly() {
  const { user, loading } = useAuth();
  const { state } = useLocation() as { state: unknown };
  if (user) return <Navigate to={afterSignIn(state)} replace />;
  return loading ? <PageLoader /> : <Outlet />;
}
