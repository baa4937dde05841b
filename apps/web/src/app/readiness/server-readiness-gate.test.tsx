import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fakes = vi.hoisted(() => ({
  checkHealth: vi.fn<() => Promise<'up' | 'starting' | 'unreachable'>>(),
  holdsJournal: vi.fn<(uid: string) => Promise<boolean>>(),
  startOffline: vi.fn<() => void>(),
  currentUser: vi.fn<() => { uid: string } | null>(),
  getIdToken: vi.fn<(force?: boolean) => Promise<string>>(),
  isOnline: vi.fn<() => boolean>(),
}));

vi.mock('../../lib/offline/network-state.ts', () => ({
  networkState: () => ({ isOnline: fakes.isOnline, subscribe: () => () => undefined }),
}));

vi.mock('../../lib/api/health.ts', () => ({ checkHealth: fakes.checkHealth }));
vi.mock('../../lib/offline/local-copy.ts', () => ({ holdsJournal: fakes.holdsJournal }));
vi.mock('../../lib/identity/identity.ts', () => ({
  identity: {
    currentUser: fakes.currentUser,
    getIdToken: fakes.getIdToken,
    startOffline: fakes.startOffline,
    onAuthStateChanged: (next: (user: unknown) => void) => {
      queueMicrotask(() => next(fakes.currentUser()));
      return () => undefined;
    },
  },
}));

const { ServerReadinessGate, resetServerReadiness } = await import('./server-readiness-gate.tsx');
const { rememberUser } = await import('../../lib/identity/remembered-user.ts');

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('ServerReadinessGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetServerReadiness();
    fakes.checkHealth.mockReset().mockResolvedValue('up');
    fakes.holdsJournal.mockReset().mockResolvedValue(true);
    fakes.startOffline.mockReset();
    fakes.currentUser.mockReset().mockReturnValue(null);
    fakes.getIdToken.mockReset().mockResolvedValue('token');
    fakes.isOnline.mockReset().mockReturnValue(true);
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the start screen, then the app once the server answers', async () => {
    render(
      <ServerReadinessGate>
        <p>the app</p>
      </ServerReadinessGate>,
    );
    expect(screen.getByText('Starting Foraging Journal')).toBeTruthy();
    await flush();
    expect(screen.getByText('the app')).toBeTruthy();
    expect(fakes.getIdToken).not.toHaveBeenCalled();
  });

  it("refreshes a signed-in user's token before letting the app in", async () => {
    fakes.currentUser.mockReturnValue({ uid: 'u1' });
    let seenAppDuringRefresh = true;
    fakes.getIdToken.mockImplementation(async () => {
      seenAppDuringRefresh = screen.queryByText('the app') !== null;
      return 'fresh';
    });
    render(
      <ServerReadinessGate>
        <p>the app</p>
      </ServerReadinessGate>,
    );
    await flush();
    expect(fakes.getIdToken).toHaveBeenCalledWith(true);
    expect(seenAppDuringRefresh).toBe(false);
    expect(screen.getByText('the app')).toBeTruthy();
  });

  it('lets the app in when the token refresh fails, logging the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakes.currentUser.mockReturnValue({ uid: 'u1' });
    fakes.getIdToken.mockRejectedValue(new Error('auth/user-token-expired'));
    render(
      <ServerReadinessGate>
        <p>the app</p>
      </ServerReadinessGate>,
    );
    await flush();
    expect(screen.getByText('the app')).toBeTruthy();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('does not show the start screen again once the server has answered', async () => {
    const first = render(
      <ServerReadinessGate>
        <p>the app</p>
      </ServerReadinessGate>,
    );
    await flush();
    first.unmount();
    render(
      <ServerReadinessGate>
        <p>the app again</p>
      </ServerReadinessGate>,
    );
    expect(screen.getByText('the app again')).toBeTruthy();
    expect(fakes.checkHealth).toHaveBeenCalledTimes(1);
  });

  describe('with no network (docs/behaviour.md#offline-start)', () => {
    const ann = { uid: 'u1', email: 'ann@example.com', name: 'ann' };

    it('opens at once for someone signed in on this device, without asking the server', () => {
      rememberUser(ann);
      fakes.isOnline.mockReturnValue(false);
      render(
        <ServerReadinessGate>
          <p>the app</p>
        </ServerReadinessGate>,
      );
      expect(screen.getByText('the app')).toBeTruthy();
      expect(fakes.checkHealth).not.toHaveBeenCalled();
      expect(fakes.holdsJournal).not.toHaveBeenCalled();
    });

    it('waits for the server as usual when nobody is signed in here', async () => {
      fakes.isOnline.mockReturnValue(false);
      fakes.checkHealth.mockResolvedValue('unreachable');
      render(
        <ServerReadinessGate>
          <p>the app</p>
        </ServerReadinessGate>,
      );
      await flush();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(screen.queryByText('the app')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Open my journal offline' })).toBeNull();
    });

    const offer = () => screen.queryByRole('button', { name: 'Open my journal offline' });
    const renderGate = () =>
      render(
        <ServerReadinessGate>
          <p>the app</p>
        </ServerReadinessGate>,
      );

    it('offers the journal on this device once a check got no response; opening it signs its user in from the device', async () => {
      rememberUser(ann);
      fakes.checkHealth.mockResolvedValue('unreachable');
      renderGate();
      await flush();
      expect(offer()).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(fakes.holdsJournal).toHaveBeenCalledWith('u1');
      act(() => offer()?.click());
      expect(fakes.startOffline).toHaveBeenCalledTimes(1);
      expect(screen.getByText('the app')).toBeTruthy();
    });

    it('offers nothing while the server answers that it is still starting', async () => {
      rememberUser(ann);
      fakes.checkHealth.mockResolvedValue('starting');
      renderGate();
      for (const delay of [0, 2_000, 3_000, 4_500, 6_750, 10_000])
        await act(async () => {
          await vi.advanceTimersByTimeAsync(delay);
        });
      expect(screen.getByText('Connection Issue')).toBeTruthy();
      expect(offer()).toBeNull();
    });

    it("offers nothing when this device does not hold that user's journal", async () => {
      rememberUser(ann);
      fakes.holdsJournal.mockResolvedValue(false);
      fakes.checkHealth.mockResolvedValue('unreachable');
      renderGate();
      await flush();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(screen.getByText('Server is starting up...')).toBeTruthy();
      expect(offer()).toBeNull();
    });
  });
});
