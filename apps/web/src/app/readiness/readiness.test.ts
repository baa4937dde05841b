import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthAnswer } from '../../lib/api/health.ts';
import {
  delayForAttempt,
  messageForAttempt,
  progressForAttempt,
  showsWakeUpNotice,
  viewFor,
  waitForServer,
  type ReadinessState,
} from './readiness.ts';

describe('readiness rules', () => {
  it('says the documented text at each attempt', () => {
    expect(messageForAttempt(0)).toBe('Waking up the server...');
    expect(messageForAttempt(1)).toBe('Server is starting up...');
    expect(messageForAttempt(2)).toBe('Almost there...');
    expect(messageForAttempt(3)).toBe('This is taking a bit longer than usual...');
    expect(messageForAttempt(4)).toBe('This is taking a bit longer than usual...');
    expect(messageForAttempt(9)).toBe('This is taking a bit longer than usual...');
  });

  it('waits 2000 ms × 1.5 per attempt, capped at 10000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 8].map(delayForAttempt)).toEqual([
      2000, 3000, 4500, 6750, 10000, 10000, 10000,
    ]);
  });

  it('shows 20 % progress per attempt, capped at 95 %', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(progressForAttempt)).toEqual([0, 20, 40, 60, 80, 95, 95]);
  });

  it('shows the wake-up notice from attempt 2 on', () => {
    expect([0, 1, 2, 3, 5].map(showsWakeUpNotice)).toEqual([false, false, true, true, true]);
  });

  it('shows progress 100 and no loader once ready', () => {
    expect(viewFor({ phase: 'ready' })).toMatchObject({ loading: false, progress: 100 });
  });

  it('shows the connection issue once failed', () => {
    expect(viewFor({ phase: 'failed', attempt: 5, unreachable: false })).toMatchObject({
      loading: false,
      failed: true,
      progress: 95,
      message: 'Server is taking longer than expected to start. Please refresh the page.',
    });
  });
});

describe('waitForServer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(results: readonly HealthAnswer[]) {
    const states: ReadinessState[] = [];
    let calls = 0;
    const check = vi.fn(async (): Promise<HealthAnswer> => results[calls++] ?? 'starting');
    const refreshToken = vi.fn(async () => {});
    const onReady = vi.fn();
    const logError = vi.fn();
    const outcome = waitForServer({
      check,
      refreshToken,
      onReady,
      logError,
      onState: (state) => states.push(state),
    });
    return { states, check, refreshToken, onReady, logError, outcome };
  }

  it('retries 5 times with the back-off, then fails (and not before)', async () => {
    const { states, check, onReady, outcome } = setUp([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    const delays = [2000, 3000, 4500, 6750, 10000];
    for (const [index, delay] of delays.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(check).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(check).toHaveBeenCalledTimes(index + 2);
      if (index < delays.length - 1) expect(states.at(-1)?.phase).toBe('checking');
    }
    await expect(outcome).resolves.toBe('failed');
    expect(states.map((state) => state.phase)).toEqual([
      ...Array<string>(6).fill('checking'),
      'failed',
    ]);
    expect(states.at(-1)).toEqual({ phase: 'failed', attempt: 5, unreachable: false });
    expect(onReady).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(6);
  });

  it('on success: progress 100, then the token refresh, then the ready callback', async () => {
    const order: string[] = [];
    const outcome = waitForServer({
      check: async () => 'up' as const,
      onState: (state) => order.push(`state ${viewFor(state).progress}`),
      refreshToken: async () => {
        order.push('refresh token');
      },
      onReady: () => order.push('ready'),
    });
    await expect(outcome).resolves.toBe('ready');
    expect(order).toEqual(['state 0', 'state 100', 'refresh token', 'ready']);
  });

  it('succeeds on a later attempt', async () => {
    const { states, onReady, outcome } = setUp(['starting', 'starting', 'up']);
    await vi.advanceTimersByTimeAsync(2000 + 3000);
    await expect(outcome).resolves.toBe('ready');
    expect(states).toEqual([
      { phase: 'checking', attempt: 0, unreachable: false },
      { phase: 'checking', attempt: 1, unreachable: false },
      { phase: 'checking', attempt: 2, unreachable: false },
      { phase: 'ready' },
    ]);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed token refresh and carries on', async () => {
    const failure = new Error('session gone');
    const logError = vi.fn();
    const onReady = vi.fn();
    const outcome = waitForServer({
      check: async () => 'up' as const,
      onState: () => {},
      refreshToken: () => Promise.reject(failure),
      onReady,
      logError,
    });
    await expect(outcome).resolves.toBe('ready');
    expect(logError).toHaveBeenCalledWith(expect.any(String), failure);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('tells whether the last check got no response at all, not just a refusal', async () => {
    const { states, outcome } = setUp(['unreachable', 'starting', 'unreachable', 'up']);
    await vi.advanceTimersByTimeAsync(2000 + 3000 + 4500);
    await expect(outcome).resolves.toBe('ready');
    expect(states.map((state) => 'unreachable' in state && state.unreachable)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('counts a throwing check as one that got no response', async () => {
    const states: ReadinessState[] = [];
    const check = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    check.mockResolvedValue('up');
    const outcome = waitForServer({
      check,
      onState: (state) => states.push(state),
      refreshToken: async () => {},
      onReady: () => {},
    });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(outcome).resolves.toBe('ready');
    expect(check).toHaveBeenCalledTimes(2);
    expect(states[1]).toEqual({ phase: 'checking', attempt: 1, unreachable: true });
  });

  it('stops when cancelled, without calling back', async () => {
    const controller = new AbortController();
    const onReady = vi.fn();
    const check = vi.fn(async (): Promise<HealthAnswer> => 'starting');
    const outcome = waitForServer({
      check,
      onState: () => {},
      refreshToken: async () => {},
      onReady,
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(outcome).resolves.toBe('cancelled');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(onReady).not.toHaveBeenCalled();
  });
});
