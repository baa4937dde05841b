import { afterEach, describe, expect, it, vi } from 'vitest';
import { setReplaying } from './replay-activity.ts';
import { createUpdateFlow, type UpdateState } from './update-flow.ts';

afterEach(() => setReplaying(false));

/** A waiting worker that records being told to take over, and a page that records reloads. */
function setUp() {
  const reload = vi.fn();
  const flow = createUpdateFlow(reload);
  const worker = { activate: vi.fn() };
  const states: UpdateState[] = [];
  flow.subscribe((state) => states.push(state));
  return { flow, reload, worker, states };
}

describe('the update flow', () => {
  it('offers a waiting version once, and neither activates nor reloads until the user accepts', async () => {
    const { flow, reload, worker, states } = setUp();
    expect(flow.getState()).toBe('none');
    flow.offer(worker);
    flow.offer(worker);
    expect(states).toEqual(['ready']);
    expect(worker.activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('on Reload activates the new worker, and reloads only once it controls the page', async () => {
    const { flow, reload, worker } = setUp();
    flow.offer(worker);
    await flow.accept();
    expect(flow.getState()).toBe('reloading');
    expect(worker.activate).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await flow.controllerChanged();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('pressed mid-replay, shows "finishing" and activates only when the replay is over', async () => {
    const { flow, reload, worker, states } = setUp();
    flow.offer(worker);
    setReplaying(true);
    const accepted = flow.accept();
    await Promise.resolve();
    expect(flow.getState()).toBe('finishing');
    expect(worker.activate).not.toHaveBeenCalled();
    setReplaying(false);
    await accepted;
    expect(states).toEqual(['ready', 'finishing', 'reloading']);
    expect(worker.activate).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('waits for a replay that started between the click and the handover before reloading', async () => {
    const { flow, reload, worker } = setUp();
    flow.offer(worker);
    await flow.accept();
    setReplaying(true);
    const handedOver = flow.controllerChanged();
    await Promise.resolve();
    expect(reload).not.toHaveBeenCalled();
    setReplaying(false);
    await handedOver;
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("after another tab's Reload handed the page over, keeps the prompt; its Reload then only reloads", async () => {
    const { flow, reload, worker } = setUp();
    flow.offer(worker);
    await flow.controllerChanged();
    expect(flow.getState()).toBe('ready');
    expect(reload).not.toHaveBeenCalled();
    await flow.accept();
    expect(worker.activate).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("offers Reload when another tab's update took this page over before it saw the new version wait", async () => {
    const { flow, reload } = setUp();
    await flow.controllerChanged();
    expect(flow.getState()).toBe('ready');
    expect(reload).not.toHaveBeenCalled();
    await flow.accept();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores Reload when nothing is waiting', async () => {
    const { flow, reload } = setUp();
    await flow.accept();
    expect(flow.getState()).toBe('none');
    expect(reload).not.toHaveBeenCalled();
  });
});
