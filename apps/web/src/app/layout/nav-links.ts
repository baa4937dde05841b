export interface NavLinkItem {
  to: string;
  label: string;
}

export const navLinks: readonly NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/locations', label: 'Locations' },
  { to: '/seasons', label: 'Seasons' },
  { to: '/sharing', label: 'Sharing' },
  { to: '/profile', label: 'Profile' },
  { to: '/help', label: 'Help' },
  { to: '/settings', label: 'Settings' },
];
