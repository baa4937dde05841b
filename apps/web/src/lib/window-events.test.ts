import { describe, expect, it, vi } from 'vitest';
import { onWindowEvent, sendWindowEvent, windowEventType } from './window-events.ts';

describe('window events (docs/behaviour.md#back-button)', () => {
  it('are the fj:close-menu and fj:close-top-modal events on window', () => {
    const heard: string[] = [];
    const record = (event: Event) => heard.push(event.type);
    window.addEventListener('fj:close-menu', record);
    window.addEventListener('fj:close-top-modal', record);
    sendWindowEvent('closeMenu');
    sendWindowEvent('closeTopModal');
    window.removeEventListener('fj:close-menu', record);
    window.removeEventListener('fj:close-top-modal', record);
    expect(heard).toEqual(['fj:close-menu', 'fj:close-top-modal']);
    expect([windowEventType('closeMenu'), windowEventType('closeTopModal')]).toEqual(heard);
  });

  it('the close-top-modal request answers, synchronously, whether a listener took it', () => {
    expect(sendWindowEvent('closeTopModal')).toBe(false);
    const stop = onWindowEvent('closeTopModal', (event) => event.preventDefault());
    expect(sendWindowEvent('closeTopModal')).toBe(true);
    stop();
    expect(sendWindowEvent('closeTopModal')).toBe(false);
  });

  it('the close-menu event cannot be taken: it is not cancelable', () => {
    const stop = onWindowEvent('closeMenu', (event) => event.preventDefault());
    expect(sendWindowEvent('closeMenu')).toBe(false);
    stop();
  });

  it('a capture listener hears it first and can stop the others', () => {
    const order: string[] = [];
    const stops = [
      onWindowEvent('closeTopModal', () => order.push('bubble')),
      onWindowEvent(
        'closeTopModal',
        (event) => {
          order.push('capture');
          event.stopImmediatePropagation();
        },
        { capture: true },
      ),
    ];
    sendWindowEvent('closeTopModal');
    stops.forEach((stop) => stop());
    expect(order).toEqual(['capture']);
    const late = vi.fn();
    const stop = onWindowEvent('closeTopModal', late);
    stop();
    sendWindowEvent('closeTopModal');
    expect(late).not.toHaveBeenCalled();
  });
});
