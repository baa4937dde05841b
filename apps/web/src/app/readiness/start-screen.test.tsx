import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StartScreen } from './start-screen.tsx';

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

  function renderScreen(check: () => Promise<boolean>) {
    const onReady = vi.fn();
    const refreshToken = vi.fn(async () => {});
    const reload = vi.fn();
    render(
      <StartScreen check={check} refreshToken={refreshToken} onReady={onReady} reload={reload} />,
    );
    return { onReady, refreshToken, reload };
  }

  it('walks through the messages, progress and notice, then shows the connection issue', async () => {
    const check = vi.fn(async () => false);
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
    const check = vi.fn().mockResolvedValueOnce(false).mockResolvedValue(true);
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
});
