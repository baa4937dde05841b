import { lazyPage } from './routing/lazy-page.ts';

/** Every page, and the signed-in frame around them, loads on demand (docs/behaviour.md#page-loading). */
const load = {
  privacyPolicy: () => import('../features/privacy-policy/privacy-policy-page.tsx'),
  login: () => import('../features/login/login-page.tsx'),
  layout: () => import('./layout/app-layout.tsx'),
  home: () => import('./home/home-screen.tsx'),
  locations: () => import('../features/locations/locations-page.tsx'),
  profile: () => import('../features/profile/profile-page.tsx'),
  help: () => import('../features/help/help-page.tsx'),
  settings: () => import('../features/settings/settings-page.tsx'),
};

export const PrivacyPolicyPage = lazyPage(load.privacyPolicy, 'PrivacyPolicyPage');
export const LoginPage = lazyPage(load.login, 'LoginPage');
export const AppLayout = lazyPage(load.layout, 'AppLayout');
export const HomePage = lazyPage(load.home, 'HomeScreen');
export const LocationsPage = lazyPage(load.locations, 'LocationsPage');
export const ProfilePage = lazyPage(load.profile, 'ProfilePage');
export const HelpPage = lazyPage(load.help, 'HelpPage');
export const SettingsPage = lazyPage(load.settings, 'SettingsPage');

const signedInPages: Record<string, () => Promise<unknown>> = {
  '/': load.home,
  '/locations': load.locations,
  '/profile': load.profile,
  '/help': load.help,
  '/settings': load.settings,
};

/**
 * Starts downloading the signed-in frame and this path's page at once, as soon as the user is
 * known, instead of one after the other as React reaches them. The browser loads a module once,
 * so the lazy pages above then find them already there.
 */
export function preloadSignedInPage(pathname: string): void {
  const swallow = () => undefined; // a failure shows when the page itself asks
  void load.layout().catch(swallow);
  void signedInPages[pathname]?.().catch(swallow);
}
