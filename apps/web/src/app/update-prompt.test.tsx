import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setReplaying } from '../lib/offline/replay-activity.ts';
import { createUpdateFlow } from '../lib/offline/update-flow.ts';
import { UpdatePrompt } from './update-prompt.tsx';

afterEach(() => setReplaying(false));

function renderPrompt() {
  const reload = vi.fn();
  const flow = createUpdateFlow(reload);
  const worker = { activate: vi.fn() };
  render(<UpdatePrompt flow={flow} />);
  return { flow, reload, worker };
}

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, then "New version ready — Reload" in a live region', () => {
    const { flow, worker } = renderPrompt();
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => flow.offer(worker));
    expect(region.textContent).toBe('New version ready — Reload');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('Reload (a real button, so Enter and Space press it) hands over to the new version', async () => {
    const { flow, worker, reload } = renderPrompt();
    act(() => flow.offer(worker));
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    expect(document.activeElement).toBe(button);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(worker.activate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Reloading…');
    expect(reload).not.toHaveBeenCalled();
  });

  it('pressed while the outbox replays, says "Finishing sync…" until the replay ends', async () => {
    const { flow, worker } = renderPrompt();
    act(() => flow.offer(worker));
    setReplaying(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Finishing sync…');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(worker.activate).not.toHaveBeenCalled();
    await act(async () => {
      setReplaying(false);
      await Promise.resolve();
    });
    expect(worker.activate).toHaveBeenCalledTimes(1);
  });
});
