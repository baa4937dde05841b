import { useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { TutorialOverlay } from '../../features/help/tutorial-overlay.tsx';
import { ShareDialog } from '../../features/sharing/share-dialog.tsx';
import { ShareActionProvider } from '../../lib/sharing/share-action.tsx';
import { PageSlot } from '../routing/page-slot.tsx';
import { navLinks } from './nav-links.ts';
import { useMenuMarker } from './use-menu-marker.ts';
import { useSignOut } from '../../lib/identity/use-sign-out.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { unsyncedCount } from '../../store/outbox-view.ts';
import { SignOutQuestion } from './sign-out-question.tsx';
import { SyncStatus } from './sync-status.tsx';

/** The frame of every signed-in page: header, navigation (a menu on phones), sign-out. */
export function AppLayout() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { signOut, signingOut } = useSignOut();
  const [asking, setAsking] = useState(false);
  // docs/behaviour.md#sync-status: changes not on the server make sign-out ask first.
  const askFirst = () => {
    if (unsyncedCount(useJournalStore.getState().outbox) === 0) return void signOut();
    setMenuOpen(false);
    setAsking(true);
  };
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // The spots the Share dialog is open for (a spot's Share button, the Locations page's).
  const [sharing, setSharing] = useState<readonly string[] | null>(null);
  useMenuMarker(menuOpen, closeMenu);

  // A new page closes the menu.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="app-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <NavLink to="/" className="app-brand">
          <span className="brand-logo" aria-hidden="true" /> Foraging Journal
        </NavLink>
        <SyncStatus />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="app-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle-icon" aria-hidden="true" />
          {menuOpen ? 'Close' : 'Menu'}
        </button>
        <nav id="app-nav" className="app-nav" data-open={menuOpen} aria-label="Main">
          <ul>
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button-quiet"
            onClick={askFirst}
            disabled={signingOut}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </nav>
      </header>
      {asking && (
        <SignOutQuestion
          onSignOut={() => {
            setAsking(false);
            void signOut();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {menuOpen && <div className="menu-scrim" aria-hidden="true" onClick={closeMenu} />}
      <main id="main" className="app-main" tabIndex={-1}>
        <ShareActionProvider value={setSharing}>
          <PageSlot>
            <Outlet />
          </PageSlot>
        </ShareActionProvider>
      </main>
      {sharing && <ShareDialog locationIds={sharing} onClose={() => setSharing(null)} />}
      {/* Only over the map, the screen its steps describe. */}
      {pathname === '/' && <TutorialOverlay />}
    </div>
  );
}
