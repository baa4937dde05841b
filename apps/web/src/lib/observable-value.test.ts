import { describe, expect, it } from 'vitest';
import { createObservableValue } from './observable-value.ts';

describe('createObservableValue', () => {
  it('answers its value, starting with the initial one', () => {
    const value = createObservableValue<'a' | 'b'>('a');
    expect(value.get()).toBe('a');
    value.set('b');
    expect(value.get()).toBe('b');
  });

  it('tells every listener each change, and nothing when the value stays the same', () => {
    const value = createObservableValue(true);
    const first: boolean[] = [];
    const second: boolean[] = [];
    value.subscribe((next) => first.push(next));
    value.subscribe((next) => second.push(next));
    value.set(true);
    value.set(false);
    value.set(false);
    value.set(true);
    expect(first).toEqual([false, true]);
    expect(second).toEqual([false, true]);
  });

  it('stops telling a listener once it unsubscribed; the others still hear', () => {
    const value = createObservableValue(0);
    const heard: string[] = [];
    const stop = value.subscribe((next) => heard.push(`gone ${next}`));
    value.subscribe((next) => heard.push(`kept ${next}`));
    value.set(1);
    stop();
    value.set(2);
    expect(heard).toEqual(['gone 1', 'kept 1', 'kept 2']);
  });

  it('a listener may unsubscribe while it is told', () => {
    const value = createObservableValue('a');
    const heard: string[] = [];
    const stop = value.subscribe((next) => {
      heard.push(next);
      stop();
    });
    value.set('b');
    value.set('c');
    expect(heard).toEqual(['b']);
  });
});
