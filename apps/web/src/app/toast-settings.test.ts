import { describe, expect, it } from 'vitest';
import { toastSettings } from './toast-settings.ts';

describe('toastSettings', () => {
  it('shows toasts bottom-right for 3000 ms, dismissable, pausing on hover and focus loss', () => {
    expect(toastSettings).toEqual({
      position: 'bottom-right',
      autoClose: 3000,
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
    });
  });
});
