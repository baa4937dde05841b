/**
 * The tutorial shows only on the home map, the screen its steps describe. Help ("Play the tutorial again") and
 * Settings (the switch) ask for it here; the overlay on the home map reads it. In memory only:
 * what lasts is the account's flag (PUT /preferences/tutorial).
 */
let requested = false;
// Closed (or switched off) in this page load: not shown again from a cached or unsaved flag.
let closed = false;

export const tutorialRequest = {
  /** Show it on the next visit to the home map, whatever the flag was. */
  request(): void {
    requested = true;
    closed = false;
  },
  /** The switch went off: show it no more in this page load. */
  withdraw(): void {
    requested = false;
    closed = true;
  },
  /** Closed in any way (finish, Skip, Esc, close button, back button). */
  markClosed(): void {
    requested = false;
    closed = true;
  },
  isRequested: (): boolean => requested,
  wasClosed: (): boolean => closed,
};
