import type { ToastContainerProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../lib/spec-constants.ts';

/** docs/behaviour.md#toasts: the app's wrapper shows toasts bottom-right for 3000 ms. */
export const toastSettings = {
  position: 'bottom-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const satisfies ToastContainerProps;
