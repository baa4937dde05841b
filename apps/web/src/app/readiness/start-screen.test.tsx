import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthAnswer } from '../../lib/api/health.ts';
import { openOfflineLabel, StartScreen } from './start-screen.tsx';

const notice =
  'First visit of the day? The server needs a moment to wake up from sleep mode to save resources.';

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function progressValue(): string | null {
  return screen
    .getByRole('progressbar', { name: 'Start-up progress' })
    .getAttribute('aria-valuenow');
}

describe('StartScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderScreen(check: () => Promise<HealthAnswer>, onOpenOffline?: () => void) {
    const onReady = vi.fn();
    const refreshToken = vi.fn(async () => {});
    const reload = vi.fn();
    render(
      <StartScreen
        check={check}
        refreshToken={refreshToken}
        onReady={onReady}
        reload={reload}
        onOpenOffline={onOpenOffline}
      />,
    );
    return { onReady, refreshToken, reload };
  }

  const offer = () => screen.queryByRole('button', { name: openOfflineLabel });

  it('walks through the messages, progress and notice, then shows the connection issue', async () => {
    const check = vi.fn(async (): Promise<HealthAnswer> => 'starting');
    const { onReady, reload } = renderScreen(check);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Starting Foraging Journal');

    await advance(0);
    expect(screen.getByText('Waking up the server...')).toBeTruthy();
    expect(progressValue()).toBe('0');
    expect(screen.queryByText(notice)).toBeNull();

    await advance(2000);
    expect(screen.getByText('Server is starting up...')).toBeTruthy();
    expect(progressValue()).toBe('20');
    expect(screen.queryByText(notice)).toBeNull();

    await advance(3000);
    expect(screen.getByText('Almost there...')).toBeTruthy();
    expect(progressValue()).toBe('40');
    expect(screen.getByText(notice)).toBeTruthy();

    await advance(4500);
    expect(screen.getByText('This is taking a bit longer than usual...')).toBeTruthy();
    expect(progressValue()).toBe('60');

    await advance(6750);
    expect(screen.getByText('This is taking a bit longer than usual...')).toBeTruthy();
    expect(progressValue()).toBe('80');

    await advance(9999);
    expect(check).toHaveBeenCalledTimes(5);
    expect(screen.queryByText('Connection Issue')).toBeNull();

    await advance(1);
    expect(check).toHaveBeenCalledTimes(6);
    expect(screen.getByRole('heading', { name: 'Connection Issue' })).toBeTruthy();
    expect(
      screen.getByText('Server is taking longer than expected to start. Please refresh the page.'),
    ).toBeTruthy();
    expect(progressValue()).toBe('95');
    expect(onReady).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('hides the loader, shows 100 and calls back once the server answers', async () => {
    const check = vi.fn().mockResolvedValueOnce('starting').mockResolvedValue('up');
    const { onReady, refreshToken } = renderScreen(check);
    await advance(0);
    expect(onReady).not.toHaveBeenCalled();
    await advance(2000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(progressValue()).toBe('100');
    expect(screen.queryByText('Server is starting up...')).toBeNull();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('false');
  });

  describe('the offline journal (docs/behaviour.md#offline-start)', () => {
    it('is never offered while the server answers, however slowly it starts', async () => {
      const check = vi.fn(async (): Promise<HealthAnswer> => 'starting');
      renderScreen(check, vi.fn());
      for (const delay of [0, 2000, 3000, 4500, 6750, 10_000]) {
        await advance(delay);
        expect(offer()).toBeNull();
      }
      expect(screen.getByRole('heading', { name: 'Connection Issue' })).toBeTruthy();
      expect(offer()).toBeNull();
    });

    it('is offered once a check got no response, and withdrawn when the server answers', async () => {
      const open = vi.fn();
      const check = vi
        .fn<() => Promise<HealthAnswer>>()
        .mockResolvedValueOnce('unreachable')
        .mockResolvedValueOnce('starting')
        .mockResolvedValueOnce('unreachable')
        .mockResolvedValueOnce('unreachable')
        .mockResolvedValue('up');
      renderScreen(check, open);
      await advance(0);
      expect(offer()).toBeNull();
      await advance(2000);
      expect(offer()).not.toBeNull();
      await advance(3000);
      expect(offer()).toBeNull();
      await advance(4500);
      fireEvent.click(offer() as HTMLElement);
      expect(open).toHaveBeenCalledTimes(1);
    });

    it('is not offered without a journal on the device to open', async () => {
      renderScreen(async () => 'unreachable');
      await advance(2000);
      expect(screen.getByText('Server is starting up...')).toBeTruthy();
      expect(offer()).toBeNull();
    });
  });
});
