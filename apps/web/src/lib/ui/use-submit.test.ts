import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from './error-message.ts';
import { useSubmit } from './use-submit.ts';

/** An action the test finishes by hand. */
function deferred() {
  let finish: () => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { action: vi.fn(() => promise), finish, fail };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useSubmit', () => {
  it('is busy while the action runs, and answers true when it succeeded', async () => {
    const { result } = renderHook(() => useSubmit(errorMessage));
    const { action, finish } = deferred();
    expect(result.current.busy).toBe(false);
    let outcome: Promise<boolean> = Promise.resolve(false);
    act(() => {
      outcome = result.current.run(action);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await outcome;
    });
    await expect(outcome).resolves.toBe(true);
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('never runs two at once: a submit while busy does nothing and answers false', async () => {
    const { result } = renderHook(() => useSubmit(errorMessage));
    const first = deferred();
    const second = vi.fn(() => Promise.resolve());
    let outcomes: Promise<boolean>[] = [];
    act(() => {
      // The same tick, as a double click or Enter held down gives it.
      outcomes = [result.current.run(first.action), result.current.run(second)];
    });
    await expect(outcomes[1]).resolves.toBe(false);
    expect(second).not.toHaveBeenCalled();
    await act(async () => {
      first.finish();
      await outcomes[0];
    });
    await act(async () => {
      await result.current.run(second);
    });
    expect(second).toHaveBeenCalledOnce();
  });

  it('keeps a failure as `describe` puts it, stops being busy, and answers false', async () => {
    const { result } = renderHook(() => useSubmit((error) => `failed: ${String(error)}`));
    let outcome = true;
    await act(async () => {
      outcome = await result.current.run(() => Promise.reject(new Error('nope')));
    });
    expect(outcome).toBe(false);
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBe('failed: Error: nope');
  });

  it('logs the failure under `logAs`, when asked to', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('gone');
    const { result } = renderHook(() => useSubmit(errorMessage, { logAs: 'Renaming failed' }));
    await act(async () => {
      await result.current.run(() => Promise.reject(failure));
    });
    expect(log).toHaveBeenCalledExactlyOnceWith('Renaming failed', failure);
  });

  it("a new run clears the last failure and the form's own error", async () => {
    const { result } = renderHook(() => useSubmit(errorMessage));
    act(() => result.current.setError('Enter a name.'));
    expect(result.current.error).toBe('Enter a name.');
    const { action, finish } = deferred();
    let outcome: Promise<boolean> = Promise.resolve(false);
    act(() => {
      outcome = result.current.run(action);
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      finish();
      await outcome;
    });
  });
});
