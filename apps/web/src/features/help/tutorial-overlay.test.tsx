import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInUser } from '../../app/test-auth.ts';
import type { AuthContextValue } from '../../lib/identity/auth-provider.tsx';
import {
  installFakeFetch,
  json,
  signedInServer,
  type FakeFetch,
} from '../../lib/test-support/fake-fetch.ts';
import { serverPrefs } from '../../store/store-test-kit.ts';

const auth = vi.hoisted(() => ({ current: undefined as AuthContextValue | undefined }));
vi.mock('../../lib/identity/auth-provider.tsx', () => ({
  useAuth: () => {
    if (!auth.current) throw new Error('no fake auth');
    return auth.current;
  },
}));

let server: FakeFetch;

/** A fresh API client (and its preferences cache) per test. */
async function renderOverlay(withHelp = false) {
  vi.resetModules();
  const { TutorialOverlay } = await import('./tutorial-overlay.tsx');
  const { HelpPage } = await import('./help-page.tsx');
  render(
    <MemoryRouter>
      {withHelp && <HelpPage />}
      <TutorialOverlay />
      <ToastContainer />
    </MemoryRouter>,
  );
}

const dialog = () => screen.queryByRole('dialog');
const title = () => screen.getByRole('heading', { level: 2, name: /./ }).textContent;
const tutorialCalls = () => server.callsTo('PUT /api/v1/preferences/tutorial');

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
  it('shows while the flag is on, and walks through the steps', async () => {
    await renderOverlay();
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
    expect(tutorialCalls()).toEqual([]);
  });

  it('stays away while the flag is off', async () => {
    server.on('GET /api/v1/preferences', () =>
      json({ data: { ...serverPrefs, showTutorial: false } }),
    );
    await renderOverlay();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.callsTo('GET /api/v1/preferences')).toHaveLength(1);
    expect(dialog()).toBeNull();
  });

  it('stays away with nobody signed in', async () => {
    auth.current = fakeAuth({ user: null });
    await renderOverlay();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.callsTo('GET /api/v1/preferences')).toEqual([]);
    expect(dialog()).toBeNull();
  });

  it("turns the flag off with Don't show again", async () => {
    await renderOverlay();
    fireEvent.click(await screen.findByRole('button', { name: "Don't show again" }));
    expect(dialog()).toBeNull();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(tutorialCalls().map((call) => call.body)).toEqual([{ show: false }]);
  });

  it('says so when the flag cannot be turned off', async () => {
    server.on('PUT /api/v1/preferences/tutorial', () => json({}, 500));
    await renderOverlay();
    fireEvent.click(await screen.findByRole('button', { name: "Don't show again" }));
    expect(await screen.findByText(/could not be saved/)).toBeTruthy();
  });

  it('closes on Esc and on the close-top-modal event, without touching the flag', async () => {
    await renderOverlay(true);
    await screen.findByRole('dialog');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'Escape' });
    expect(dialog()).toBeNull();
    // The Help page can bring it back.
    fireEvent.click(screen.getByRole('button', { name: 'Play the tutorial again' }));
    expect(screen.getByRole('dialog', { name: 'Add a spot' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('fj:close-top-modal'));
    });
    expect(dialog()).toBeNull();
    expect(tutorialCalls()).toEqual([]);
  });
});

describe('HelpPage', () => {
  it('has the tutorial steps and the FAQ', async () => {
    server.on('GET /api/v1/preferences', () =>
      json({ data: { ...serverPrefs, showTutorial: false } }),
    );
    await renderOverlay(true);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    expect(screen.getByText('Draw its patch', { exact: false })).toBeTruthy();
    const privacy = screen.getByText('Do my photos reveal where I took them?');
    expect(privacy.closest('details')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    // Let the overlay's flag check finish while the fake server is still installed.
    await waitFor(() => expect(server.callsTo('GET /api/v1/preferences')).toHaveLength(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(dialog()).toBeNull();
  });
});
