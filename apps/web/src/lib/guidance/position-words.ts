import type { FixFailureReason } from '../../platform/geolocation.ts';

/** Why a position could not be had, in words for a toast or a note. */
export const positionFailureWords: Record<FixFailureReason, string> = {
  denied: 'Location access was denied. Allow it in your browser settings to use your position.',
  unavailable: 'Your position is not available right now. Try again outside or near a window.',
  timeout: 'Finding your position took too long. Please try again.',
  unsupported: 'This device cannot tell its position.',
};
