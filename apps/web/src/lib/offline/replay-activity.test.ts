import { afterEach, describe, expect, it } from 'vitest';
import { isReplaying, onReplayingChange, setReplaying, whenReplayIdle } from './replay-activity.ts';

afterEach(() => setReplaying(false));

describe('replay activity', () => {
  it('tells listeners of each change, once', () => {
    const seen: boolean[] = [];
    const stop = onReplayingChange((now) => seen.push(now));
    setReplaying(true);
    setReplaying(true);
    setReplaying(false);
    stop();
    setReplaying(true);
    expect(seen).toEqual([true, false]);
    expect(isReplaying()).toBe(true);
  });

  it('waits for a running replay to end before resolving', async () => {
    setReplaying(true);
    let done = false;
    const idle = whenReplayIdle().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    setReplaying(false);
    await idle;
    expect(done).toBe(true);
  });

  it('resolves at once when nothing replays', async () => {
    await expect(whenReplayIdle()).resolves.toBeUndefined();
  });
});
