import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, firstScreenDrawn, resetFirstScreen } from './first-screen.ts';

/** Whether the promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('the first screen, which large local-copy writes wait for', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstScreen();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits until the map says every spot is drawn', async () => {
    const wait = afterFirstScreen(4000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await settled(wait)).toBe(false);
    firstScreenDrawn();
    expect(await settled(wait)).toBe(true);
    // Drawn once is drawn for the page's life: later writes do not wait.
    expect(await settled(afterFirstScreen(4000))).toBe(true);
  });

  it('waits no longer than it is given (a page without a map)', async () => {
    const wait = afterFirstScreen(4000);
    await vi.advanceTimersByTimeAsync(3999);
    expect(await settled(wait)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(wait)).toBe(true);
  });

  it('stops waiting when the page is hidden or closed', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const hidden = afterFirstScreen(4000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(hidden)).toBe(false);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(hidden)).toBe(true);
    expect(await settled(afterFirstScreen(4000))).toBe(true);
    visibility.mockReturnValue('visible');
    const closed = afterFirstScreen(4000);
    expect(await settled(closed)).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    expect(await settled(closed)).toBe(true);
  });
});
