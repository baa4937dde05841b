/**
 * The app's own window events (docs/behaviour.md#back-button), in one place: the native back
 * button sends them; the menu, the dialogs and the bottom sheet listen.
 */
const windowEvents = {
  /** Close the mobile menu. */
  closeMenu: { type: 'fj:close-menu', cancelable: false },
  /**
   * Close the topmost modal. Cancelable: the listener that closes something calls
   * preventDefault, which is how the sender learns, synchronously, that something closed.
   */
  closeTopModal: { type: 'fj:close-top-modal', cancelable: true },
} as const;

export type WindowEventName = keyof typeof windowEvents;

/** The DOM event type behind a name (what a listener outside these helpers would use). */
export const windowEventType = (name: WindowEventName): string => windowEvents[name].type;

/**
 * Sends the event. dispatchEvent runs every listener before it returns, so the answer is known
 * at once: true when a listener took a cancelable event (called preventDefault).
 */
export function sendWindowEvent(name: WindowEventName): boolean {
  const { type, cancelable } = windowEvents[name];
  return !window.dispatchEvent(new Event(type, { cancelable }));
}

/** Listens for the event until the answered function is called (an effect's clean-up). */
export function onWindowEvent(
  name: WindowEventName,
  listener: (event: Event) => void,
  options: { capture?: boolean } = {},
): () => void {
  const type = windowEvents[name].type;
  window.addEventListener(type, listener, options);
  return () => window.removeEventListener(type, listener, options);
}
