import { invitationPath } from '@fj/contract/web-paths';
import { Navigate, Route, Routes } from 'react-router';
import { GatedShell } from './gated-shell.tsx';
import {
  AppLayout,
  HelpPage,
  HomePage,
  InvitationPage,
  LocationsPage,
  LoginPage,
  PrivacyPolicyPage,
  ProfilePage,
  SeasonsPage,
  SettingsPage,
  SharedLinkPage,
  SharingPage,
} from './pages.ts';
import { RequireUser, VisitorOnly } from './routing/guards.tsx';
import { PageSlot } from './routing/page-slot.tsx';

/** The route table (docs/behaviour.md#routes). */
export function AppRoutes() {
  return (
    <PageSlot>
      <Routes>
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route element={<GatedShell />}>
          {/* A share link's page needs no account (docs/behaviour.md#sharing). */}
          <Route path="/s" element={<SharedLinkPage />} />
          <Route element={<VisitorOnly />}>
            <Route path="/login" element={<LoginPage />} />
          </Route>
          <Route element={<RequireUser />}>
            <Route element={<AppLayout />}>
              <Route path="/" element={<HomePage />} />
              <Route path="/locations" element={<LocationsPage />} />
              <Route path="/seasons" element={<SeasonsPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/help" element={<HelpPage />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/sharing" element={<SharingPage />} />
              <Route path={invitationPath} element={<InvitationPage />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </PageSlot>
  );
}
