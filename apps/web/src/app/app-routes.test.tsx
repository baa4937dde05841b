import { render, screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInUser } from '../testing/fake-auth.ts';
import { renderWithRouter } from '../testing/render-with-router.tsx';

const auth = await vi.hoisted(async () => (await import('../testing/fake-auth.ts')).fakeAuthSlot());

vi.mock('../lib/identity/auth-provider.tsx', () => ({
  AuthProvider: ({ children }: { children: ReactNode }) => children,
  useAuth: auth.useAuth,
}));
vi.mock('./readiness/server-readiness-gate.tsx', () => ({
  ServerReadinessGate: ({ children }: { children: ReactNode }) =>
    createElement('div', { 'data-testid': 'gate' }, children),
}));

const { AppRoutes } = await import('./app-routes.tsx');
const { afterSignIn } = await import('./routing/guards.tsx');

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** How long a lazily loaded page may take to show (what the routes test, not how fast). */
const lazyPageMs = 20_000;

async function visit(path: string) {
  renderWithRouter(
    <>
      <AppRoutes />
      <Where />
    </>,
    { path },
  );
  // The home page's lazy chunk (map, drawing) is transformed at its first import: over 5 s when
  // the linter and the type checker run beside the suite (npm test's first step).
  await screen.findByRole('heading', { level: 1 }, { timeout: lazyPageMs });
}

const where = () => screen.getByTestId('where').textContent;
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('routes for a visitor', () => {
  beforeEach(() => {
    auth.current = fakeAuth();
  });

  it.each(['/', '/locations', '/seasons', '/profile', '/help', '/settings'])(
    '%s sends a visitor to /login',
    async (path) => {
      await visit(path);
      expect(where()).toBe('/login');
      expect(heading()).toBe('Sign in to your journal');
    },
  );

  it('sends an unknown path to /, and so to /login', async () => {
    await visit('/no/such/page');
    expect(where()).toBe('/login');
  });

  it('shows the privacy policy outside the readiness gate', async () => {
    await visit('/privacy-policy');
    expect(heading()).toBe('Privacy policy');
    expect(screen.queryByTestId('gate')).toBeNull();
  });

  it("shows a share link's page to a visitor, behind the readiness gate", async () => {
    await visit('/s/');
    expect(heading()).toBe('Shared spots');
    expect(where()).toBe('/s/');
    expect(screen.getByTestId('gate').textContent).toContain('Shared spots');
  });

  it("takes an invitation's link opened signed out up again after sign-in, not another path", async () => {
    // The router stays mounted (its history, with the state the guard left) while auth changes.
    const tree = () => (
      <MemoryRouter initialEntries={['/invitation#g1.token_1']}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    );
    const view = render(tree());
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your journal' });
    expect(where()).toBe('/login');
    auth.current = fakeAuth({ user: signedInUser });
    view.rerender(tree());
    await screen.findByRole(
      'heading',
      { level: 1, name: 'An invitation to see shared spots' },
      { timeout: 5_000 },
    );
    expect(where()).toBe('/invitation');
  });

  it('sends a sign-in to / when no invitation brought the visitor', () => {
    expect(afterSignIn(undefined)).toBe('/');
    expect(afterSignIn({ invitation: '#g1.t' })).toBe('/invitation#g1.t');
    expect(afterSignIn({ invitation: 'https://elsewhere.example/#x' })).toBe('/');
    expect(afterSignIn({ invitation: '#a"b' })).toBe('/');
  });

  it('puts the login page behind the readiness gate', async () => {
    await visit('/login');
    expect(screen.getByTestId('gate').textContent).toContain('Sign in to your journal');
  });
});

describe('routes for a signed-in user', () => {
  beforeEach(() => {
    auth.current = fakeAuth({ user: signedInUser });
  });

  it.each([
    ['/', 'Hello, ada'],
    ['/locations', 'Locations'],
    ['/seasons', 'Seasons'],
    ['/profile', 'Profile'],
    ['/help', 'Help'],
    ['/settings', 'Settings'],
    ['/privacy-policy', 'Privacy policy'],
  ])(
    '%s shows its page',
    async (path, title) => {
      await visit(path);
      expect(where()).toBe(path);
      expect(heading()).toBe(title);
    },
    lazyPageMs + 10_000,
  );

  it('sends /login to /', async () => {
    await visit('/login');
    expect(where()).toBe('/');
    expect(heading()).toBe('Hello, ada');
  });

  it('sends an unknown path to /', async () => {
    await visit('/nowhere');
    expect(where()).toBe('/');
  });
});

describe('while the session is loading', () => {
  it("shows 'Loading...' instead of deciding", async () => {
    auth.current = fakeAuth({ loading: true, initialized: false });
    renderWithRouter(
      <>
        <AppRoutes />
        <Where />
      </>,
      { path: '/locations' },
    );
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(where()).toBe('/locations');
  });

  it('shows a known user their page while the session finishes setting up', async () => {
    auth.current = fakeAuth({ user: signedInUser, loading: true, initialized: false });
    await visit('/locations');
    expect(heading()).toBe('Locations');
    expect(where()).toBe('/locations');
  });

  it('sends a known user from /login to / without waiting for the set-up', async () => {
    auth.current = fakeAuth({ user: signedInUser, loading: true, initialized: false });
    await visit('/login');
    expect(where()).toBe('/');
    expect(heading()).toBe('Hello, ada');
  });
});

describe('toasts', () => {
  it('appear in the bottom-right container', async () => {
    auth.current = fakeAuth();
    await visit('/login');
    await act(async () => {
      toast('Hello');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const container = document.querySelector('.Toastify__toast-container');
    expect(container?.className).toContain('Toastify__toast-container--bottom-right');
  });
});
