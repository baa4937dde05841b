import { App } from '@capacitor/app';
import { browserBackButtonActions, handleBackButton, isMenuOpen } from './back-button.ts';
import { isNativePlatform } from './platform.ts';

let installed = false;

/**
 * Hands the hardware back button (Android) to the documented order (docs/behaviour.md#back-button). Capacitor reports whether
 * the WebView can go back; the menu marker and the path come from the page at that moment.
 * Called once at start-up; does nothing on the web, where the browser owns "back".
 */
export function installNativeBackButton(): void {
  if (installed || !isNativePlatform()) return;
  installed = true;
  App.addListener('backButton', ({ canGoBack }) => {
    handleBackButton(
      { menuOpen: isMenuOpen(), canGoBack, path: window.location.pathname },
      browserBackButtonActions(() => {
        App.exitApp().catch((error: unknown) => console.error('Could not exit the app', error));
      }),
    );
  }).catch((error: unknown) => {
    installed = false;
    console.error('Could not listen for the back button', error);
  });
}
