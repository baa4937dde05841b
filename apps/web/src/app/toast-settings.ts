import type { ToastContainerProps } from 'react-toastify';

/** docs/behaviour.md#toasts: the app's wrapper shows toasts bottom-right for 3000 ms. */
export const toastSettings = {
  position: 'bottom-right',
  autoClose: 3_000,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const satisfies ToastContainerProps;
