import { isNativePlatform } from './platform.ts';

/** A request that got no answer at all (no status): the browser only says "Failed to fetch". */
export interface FailedRequest {
  method: string;
  url: string;
  /** What the browser said, if anything. */
  detail?: string;
}

export interface DiagnosticsContext {
  /** The WebView's own origin: https://localhost (Android), capacitor://localhost (iOS). */
  pageOrigin: string;
  /** A release build (HTTP there is blocked by Android and iOS). */
  production: boolean;
}

function originOf(url: string, base: string): string {
  try {
    return new URL(url, base).origin;
  } catch {
    return url;
  }
}

/**
 * docs/behaviour.md#error-catalogue, native network failure with no response: the likely causes, in the order to
 * check them. The WebView hides which one it was (a CORS refusal looks like a dead server).
 */
export function networkFailureHints(request: FailedRequest, context: DiagnosticsContext): string[] {
  const server = originOf(request.url, context.pageOrigin);
  const hints = [
    `Server unreachable: is ${server} up and reachable from this device (network, VPN, DNS)? ` +
      'It is the VITE_API_ORIGIN the app was built with.',
    `CORS: does the server accept this app's origin ${context.pageOrigin}? Check CORS_ORIGINS ` +
      '(capacitor://localhost and https://localhost are allowed by default) and PUBLIC_URL.',
    'Permissions: the app needs the INTERNET permission (AndroidManifest.xml); on iOS, App ' +
      'Transport Security must allow the server.',
  ];
  if (server.startsWith('http:') && context.production)
    hints.push(
      `HTTP used in production: ${server} is not HTTPS. Android blocks cleartext traffic, iOS ` +
        'App Transport Security blocks it, and an https:// page may not call http://. Serve ' +
        'the API over HTTPS.',
    );
  return hints;
}

/**
 * Logs the hints for a native request that got no response, and nothing else: no user
 * message (docs/behaviour.md#error-catalogue), never a throw (it runs inside error paths). A no-op on the web, where
 * the page and the API share one origin and the browser's own console says enough.
 */
export function reportNetworkFailure(request: FailedRequest): void {
  try {
    if (!isNativePlatform()) return;
    const hints = networkFailureHints(request, {
      pageOrigin: window.location.origin,
      production: import.meta.env.PROD,
    });
    const detail = request.detail ? ` (${request.detail})` : '';
    console.warn(
      `${request.method} ${request.url} got no response${detail}. Possible causes:\n` +
        hints.map((hint) => `- ${hint}`).join('\n'),
    );
  } catch {
    // Diagnostics must never turn one failure into two.
  }
}
