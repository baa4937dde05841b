import { isNativePlatform } from '../platform/platform.ts';
import { shareFile } from '../platform/share-file.ts';

/**
 * Hands a file to the user. In a browser, a download: an object URL on a link with `download`,
 * clicked, and the URL let go once the browser has taken it. In the native app, the system's
 * share sheet (platform/share-file.ts), as a WebView has no downloads.
 */
export async function saveFile(file: { blob: Blob; fileName: string }): Promise<void> {
  if (isNativePlatform()) return shareFile(file);
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
