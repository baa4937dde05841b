import { lazyPage, type LazyPage } from './routing/lazy-page.ts';

/** Every page, and the signed-in frame around them, loads on demand (docs/behaviour.md#page-loading). */
const load = {
  privacyPolicy: () => import('../features/privacy-policy/privacy-policy-page.tsx'),
  sharedLink: () => import('../features/shared-link/shared-link-page.tsx'),
  login: () => import('../features/login/login-page.tsx'),
  layout: () => import('./layout/app-layout.tsx'),
  home: () => import('./home/home-screen.tsx'),
  locations: () => import('../features/locations/locations-page.tsx'),
  profile: () => import('../features/profile/profile-page.tsx'),
  help: () => import('../features/help/help-page.tsx'),
  settings: () => import('../features/settings/settings-page.tsx'),
  seasons: () => import('../features/seasons/seasons-page.tsx'),
  sharing: () => import('../features/sharing/sharing-page.tsx'),
  invitation: () => import('../features/sharing/invitation-page.tsx'),
};

export const PrivacyPolicyPage = lazyPage(load.privacyPolicy, 'PrivacyPolicyPage');
export const SharedLinkPage = lazyPage(load.sharedLink, 'SharedLinkPage');
export const LoginPage = lazyPage(load.login, 'LoginPage');
export const AppLayout = lazyPage(load.layout, 'AppLayout');
export const HomePage = lazyPage(load.home, 'HomeScreen');
export const LocationsPage = lazyPage(load.locations, 'LocationsPage');
export const ProfilePage = lazyPage(load.profile, 'ProfilePage');
export const HelpPage = lazyPage(load.help, 'HelpPage');
export const SettingsPage = lazyPage(load.settings, 'SettingsPage');
export const SeasonsPage = lazyPage(load.seasons, 'SeasonsPage');
export const SharingPage = lazyPage(load.sharing, 'SharingPage');
export const InvitationPage = lazyPage(load.invitation, 'InvitationPage');

const signedInPages: Record<string, LazyPage> = {
  '/': HomePage,
  '/locations': LocationsPage,
  '/profile': ProfilePage,
  '/help': HelpPage,
  '/settings': SettingsPage,
  '/seasons': SeasonsPage,
  '/sharing': SharingPage,
  '/invitation': InvitationPage,
};

/**
 * Starts downloading the signed-in frame and this path's page at once, as soon as the user is
 * known, instead of one after the other as React reaches them. Through the pages themselves, so
 * a page whose script is there when React reaches it renders at once.
 */
export function preloadSignedInPage(pathname: string): void {
  AppLayout.preload();
  signedInPages[pathname]?.preload();
}
