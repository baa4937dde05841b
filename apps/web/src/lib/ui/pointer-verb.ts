import { useSyncExternalStore } from 'react';

/** What the user does to a control: "tap" on a touch screen, "click" with a mouse. */
export interface PointerVerb {
  tap: 'tap' | 'click';
  Tap: 'Tap' | 'Click';
}

const coarse = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(coarse);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isTouch = () => typeof matchMedia === 'function' && matchMedia(coarse).matches;

export function pointerVerb(touch: boolean): PointerVerb {
  return touch ? { tap: 'tap', Tap: 'Tap' } : { tap: 'click', Tap: 'Click' };
}

/** The device's verb, following the primary pointer (a tablet's keyboard dock may change it). */
export function usePointerVerb(): PointerVerb {
  return pointerVerb(useSyncExternalStore(subscribe, isTouch, () => false));
}

/** Fills "{tap}" and "{Tap}" in a sentence with the device's verb. */
export function withVerb(text: string, verb: PointerVerb): string {
  return text.replaceAll('{tap}', verb.tap).replaceAll('{Tap}', verb.Tap);
}
