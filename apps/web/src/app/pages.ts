import { lazyPage } from './routing/lazy-page.ts';

/** Every page loads on demand (docs/behaviour.md#page-loading). */
export const PrivacyPolicyPage = lazyPage(
  () => import('../features/privacy-policy/privacy-policy-page.tsx'),
  'PrivacyPolicyPage',
);
export const LoginPage = lazyPage(() => import('../features/login/login-page.tsx'), 'LoginPage');
export const HomePage = lazyPage(() => import('./home/home-screen.tsx'), 'HomeScreen');
export const LocationsPage = lazyPage(
  () => import('../features/locations/locations-page.tsx'),
  'LocationsPage',
);
export const ProfilePage = lazyPage(
  () => import('../features/profile/profile-page.tsx'),
  'ProfilePage',
);
export const HelpPage = lazyPage(() => import('../features/help/help-page.tsx'), 'HelpPage');
export const SettingsPage = lazyPage(
  () => import('../features/settings/settings-page.tsx'),
  'SettingsPage',
);
