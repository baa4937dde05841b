import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInUser } from '../../testing/fake-auth.ts';
import {
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { serverPrefs } from '../../testing/fixtures.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';

const auth = await vi.hoisted(async () =>
  (await import('../../testing/fake-auth.ts')).fakeAuthSlot(),
);
vi.mock('../../lib/identity/auth-provider.tsx', () => ({
  useAuth: auth.useAuth,
}));

let server: FakeFetch;

/**
 * A fresh API client (and preferences cache, and tutorial request) per test. The overlay sits
 * on the home map ("/"), as the layout mounts it; Help is its own page.
 */
async function renderApp(path = '/') {
  vi.resetModules();
  const { TutorialOverlay } = await import('./tutorial-overlay.tsx');
  const { HelpPage } = await import('./help-page.tsx');
  const view = () =>
    renderWithRouter(
      <>
        <Routes>
          <Route path="/" element={<TutorialOverlay />} />
          <Route path="/help" element={<HelpPage />} />
        </Routes>
        <ToastContainer />
      </>,
      { path },
    );
  return { ...view(), view };
}

const dialog = () => screen.queryByRole('dialog');
const title = () => screen.getByRole('heading', { level: 2, name: /./ }).textContent;
const tutorialCalls = () => server.callsTo('PUT /api/v1/preferences/tutorial');
const pause = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  auth.current = fakeAuth({ user: signedInUser });
  server = installFakeFetch();
  signedInServer(server, 'u1');
  server.on('GET /api/v1/preferences', () => json({ data: serverPrefs }));
  server.on('PUT /api/v1/preferences/tutorial', () => json({ data: serverPrefs }));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TutorialOverlay', () => {
  it('shows while the flag is on, walks through the steps, and Done turns the flag off', async () => {
    await renderApp();
    expect(await screen.findByRole('dialog', { name: 'Add a spot' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' })),
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(title()).toBe('Draw its patch');
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(title()).toBe('Add a spot');
    for (let step = 0; step < 3; step += 1)
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(title()).toBe('Find it again');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(dialog()).toBeNull();
    await waitFor(() =>
      expect(tutorialCalls().map((call) => call.body)).toEqual([{ show: false }]),
    );
  });

  it('stays away while the flag is off', async () => {
    server.on('GET /api/v1/preferences', () =>
      json({ data: { ...serverPrefs, showTutorial: false } }),
    );
    await renderApp();
    await pause(50);
    expect(server.callsTo('GET /api/v1/preferences')).toHaveLength(1);
    expect(dialog()).toBeNull();
  });

  it('stays away with nobody signed in', async () => {
    auth.current = fakeAuth({ user: null });
    await renderApp();
    await pause(50);
    expect(server.callsTo('GET /api/v1/preferences')).toEqual([]);
    expect(dialog()).toBeNull();
  });

  const closers: [string, () => void][] = [
    ['Skip', () => fireEvent.click(screen.getByRole('button', { name: 'Skip' }))],
    [
      'the close button',
      () => fireEvent.click(screen.getByRole('button', { name: 'Close tutorial' })),
    ],
    [
      'Esc',
      () => fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'Escape' }),
    ],
    [
      'the back button',
      () =>
        act(() => {
          window.dispatchEvent(new Event('fj:close-top-modal', { cancelable: true }));
        }),
    ],
  ];

  it.each(closers)('closing with %s turns the flag off, and it stays away', async (_, close) => {
    const { unmount, view } = await renderApp();
    await screen.findByRole('dialog', { name: 'Add a spot' });
    close();
    expect(dialog()).toBeNull();
    await waitFor(() =>
      expect(tutorialCalls().map((call) => call.body)).toEqual([{ show: false }]),
    );
    // Back on the home map in the same page load: not again, even from a stale flag.
    unmount();
    view();
    await pause(50);
    expect(dialog()).toBeNull();
  });

  it('a flag that cannot be saved is only logged: no message', async () => {
    server.on('PUT /api/v1/preferences/tutorial', () => json({}, 500));
    await renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'Failed to update tutorial flag',
        expect.anything(),
      ),
    );
    await pause(20);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/could not|saved/i);
  });

  it('Help plays it again, on the home map', async () => {
    server.on('GET /api/v1/preferences', () =>
      json({ data: { ...serverPrefs, showTutorial: false } }),
    );
    await renderApp('/help');
    fireEvent.click(screen.getByRole('button', { name: 'Play the tutorial again' }));
    expect(await screen.findByRole('dialog', { name: 'Add a spot' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Help' })).toBeNull();
  });
});

describe('HelpPage', () => {
  it('has the tutorial steps and the FAQ, and no tutorial over it', async () => {
    await renderApp('/help');
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    expect(screen.getByText('Draw its patch', { exact: false })).toBeTruthy();
    const privacy = screen.getByText('Do my photos reveal where I took them?');
    expect(privacy.closest('details')).toBeTruthy();
    const hrefs = screen
      .getAllByRole('link', { name: 'Profile' })
      .map((link) => link.getAttribute('href'));
    expect(new Set(hrefs)).toEqual(new Set(['/profile']));
    expect(screen.getByText(/How the journal works, in/).textContent).toBe(
      'How the journal works, in six steps.',
    );
    await pause(50);
    expect(dialog()).toBeNull();
  });
});

describe('stepCount', () => {
  it('says the tutorial list’s own length', async () => {
    const { stepCount, tutorialSteps } = await import('./tutorial-steps.ts');
    expect(stepCount(6)).toBe('six steps');
    expect(stepCount(1)).toBe('one step');
    expect(stepCount(12)).toBe('12 steps');
    expect(stepCount()).toBe(stepCount(tutorialSteps.length));
  });
});
