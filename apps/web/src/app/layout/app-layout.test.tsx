import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../lib/offline/outbox-ops.ts';
import { serverReachability } from '../../lib/api/server-reachability.ts';
import { fakeAuth, signedInUser } from '../../testing/fake-auth.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';

const auth = await vi.hoisted(async () =>
  (await import('../../testing/fake-auth.ts')).fakeAuthSlot(),
);
vi.mock('../../lib/identity/auth-provider.tsx', () => ({
  useAuth: auth.useAuth,
}));

// The overlay has its own tests; here it must not reach for the network.
vi.mock('../../features/help/tutorial-overlay.tsx', () => ({
  TutorialOverlay: () => <div data-testid="tutorial-overlay" />,
}));

const { AppLayout } = await import('./app-layout.tsx');
const { useJournalStore } = await import('../../store/journal-store.ts');

/** Queued writes as the outbox holds them. */
function queue(...statuses: OutboxItem['status'][]) {
  const outbox = statuses.map((status, index): OutboxItem => ({
    seq: index + 1,
    status,
    queuedAt: 0,
    op: { kind: 'deleteLocation', id: `l${index}` },
    ...(status === 'pending' ? {} : { message: 'Location not found' }),
  }));
  act(() => useJournalStore.setState({ outbox }));
}

function renderLayout() {
  renderWithRouter(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/help" element={<h1>Help page</h1>} />
      </Route>
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
  );
}

const menuButton = () => screen.getByRole('button', { name: /menu|close/i });

describe('AppLayout', () => {
  beforeEach(() => {
    auth.current = fakeAuth({ user: signedInUser });
    delete document.body.dataset.menuOpen;
    useJournalStore.setState({ outbox: [], lastSyncedAt: null });
  });

  it('links to every signed-in page', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Locations', '/locations'],
      ['Seasons', '/seasons'],
      ['Sharing', '/sharing'],
      ['Profile', '/profile'],
      ['Help', '/help'],
      ['Settings', '/settings'],
    ]);
  });

  it('mounts the tutorial overlay', () => {
    renderLayout();
    expect(screen.getByTestId('tutorial-overlay')).toBeTruthy();
  });

  it('marks the page while the mobile menu is open', () => {
    renderLayout();
    expect(document.body.dataset.menuOpen).toBeUndefined();
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.body.dataset.menuOpen).toBe('true');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.body.dataset.menuOpen).toBeUndefined();
  });

  it('closes the menu when a link is followed', () => {
    renderLayout();
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(screen.getByRole('heading', { name: 'Help page' })).toBeTruthy();
    expect(document.body.dataset.menuOpen).toBeUndefined();
  });

  it('closes the menu when someone else removes the marker (the back button)', async () => {
    renderLayout();
    fireEvent.click(menuButton());
    await act(async () => {
      delete document.body.dataset.menuOpen;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it("closes the menu on the back button's close-menu event", () => {
    renderLayout();
    fireEvent.click(menuButton());
    expect(document.body.dataset.menuOpen).toBe('true');
    act(() => {
      window.dispatchEvent(new Event('fj:close-menu'));
    });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.body.dataset.menuOpen).toBeUndefined();
  });

  it('signs out, then goes to /login', async () => {
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(auth.current?.logout).toHaveBeenCalledTimes(1);
  });

  it('stays when signing out fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    auth.current = fakeAuth({
      user: signedInUser,
      logout: vi.fn(() => Promise.reject(new Error('offline'))),
    });
    renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    error.mockRestore();
  });

  it('says in the header what is waiting and when the journal last synced', () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2024-06-01T12:10:00Z'));
    useJournalStore.setState({ lastSyncedAt: Date.parse('2024-06-01T12:05:00Z') });
    renderLayout();
    const status = screen.getByRole('button', { name: /Online/ });
    expect(status.textContent).toBe('Online · All changes synced' + 'Synced 5 min ago');
    queue('pending', 'pending', 'pending', 'failed');
    expect(status.textContent).toContain('3 changes waiting · 1 refused');
    vi.restoreAllMocks();
  });

  it('says the server is unreachable while the network is up but requests get no answer', () => {
    serverReachability.forget();
    serverReachability.noteAnswer();
    renderLayout();
    const status = screen.getByRole('button', { name: /Online/ });
    act(() => serverReachability.noteNoAnswer());
    expect(status.textContent).toContain('Offline · All changes synced');
    expect(status.getAttribute('data-online')).toBe('false');
    act(() => serverReachability.noteAnswer());
    expect(status.textContent).toContain('Online · All changes synced');
    expect(status.getAttribute('data-online')).toBe('true');
  });

  it('says Offline after an offline reload: nothing answered since the page loaded, whatever the browser claims', () => {
    serverReachability.forget();
    expect(navigator.onLine).toBe(true);
    renderLayout();
    const status = screen.getByRole('button', { name: /Online/ });
    act(() => serverReachability.noteNoAnswer());
    expect(status.textContent).toContain('Offline · All changes synced');
    expect(status.getAttribute('data-online')).toBe('false');
    act(() => serverReachability.noteAnswer());
    expect(status.textContent).toContain('Online · All changes synced');
    act(() => serverReachability.noteNoAnswer());
    expect(status.textContent).toContain('Offline · All changes synced');
    act(() => serverReachability.noteAnswer());
  });

  it('lists the queued changes in the sync panel, where one can be discarded', async () => {
    renderLayout();
    queue('pending', 'dropped');
    fireEvent.click(screen.getByRole('button', { name: /change waiting/ }));
    const panel = screen.getByRole('dialog', { name: 'Sync' });
    expect(panel.textContent).toContain('Waiting to sync');
    expect(panel.textContent).toContain('Not applied: deleted on another device');
    expect(screen.getAllByRole('button', { name: /^Discard: Delete a spot/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Dismiss: Delete a spot/ })).toHaveLength(1);
  });

  it('keeps focus in the sync panel when a discarded change takes its button away', () => {
    renderLayout();
    queue('pending', 'pending');
    fireEvent.click(screen.getByRole('button', { name: /changes waiting/ }));
    const discard = screen.getAllByRole('button', { name: /^Discard: / });
    discard[0]?.focus();
    // The store drops the item (as discardChange does); its button goes with it.
    act(() => useJournalStore.setState({ outbox: useJournalStore.getState().outbox.slice(1) }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Discard: / }));
    act(() => useJournalStore.setState({ outbox: [] }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sync now' }));
  });

  it('Sync now with no connection says the changes will sync once back online', () => {
    serverReachability.forget();
    renderLayout();
    queue('pending');
    act(() => serverReachability.noteNoAnswer());
    fireEvent.click(screen.getByRole('button', { name: /Offline/ }));
    const sync = vi
      .spyOn(useJournalStore.getState(), 'syncNow')
      .mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(screen.getByRole('dialog', { name: 'Sync' }).textContent).toContain(
      'Offline: your changes will sync when you are back online.',
    );
    // The device has a network, the server did not answer: tried quietly, no error shown.
    expect(sync).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => serverReachability.noteAnswer());
    expect(screen.getByRole('dialog', { name: 'Sync' }).textContent).not.toContain('Offline:');
  });

  it('asks before signing out with changes not synced, and signs out anyway on request', async () => {
    renderLayout();
    queue('pending', 'pending', 'failed');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const question = screen.getByRole('dialog', { name: 'Sign out?' });
    expect(question.textContent).toContain('3 changes are not synced yet');
    expect(auth.current?.logout).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    queue('pending');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('dialog').textContent).toContain('1 change is not synced yet');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(auth.current?.logout).toHaveBeenCalledTimes(1);
  });
});
