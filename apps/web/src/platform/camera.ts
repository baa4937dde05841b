import { isNativePlatform } from './platform.ts';

/** What the photo uploader takes (lib/api/photo-upload.ts sends a File). */
export type PhotoFile = File;

/** The camera plugin says so when the user backs out; that is "no photo", not a failure. */
const cancelled = /cancel/i;

async function nativePhoto(): Promise<PhotoFile | null> {
  // Loaded on first use: the web build never needs the plugin.
  const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera');
  try {
    const photo = await Camera.getPhoto({
      resultType: CameraResultType.Uri,
      source: CameraSource.Prompt,
      quality: 85,
      // The server strips metadata and turns the image upright; keep the original here.
      correctOrientation: false,
      saveToGallery: false,
    });
    if (!photo.webPath) return null;
    // webPath is a WebView-local URL for the file the camera wrote.
    const blob = await (await fetch(photo.webPath)).blob();
    const format = photo.format || 'jpeg';
    return new File([blob], `photo-${Date.now()}.${format}`, {
      type: blob.type || `image/${format}`,
    });
  } catch (error) {
    if (error instanceof Error && cancelled.test(error.message)) return null;
    throw error;
  }
}

/** The web fallback: the browser's own picker (phones offer their camera there, too). */
function browserPhoto(): Promise<PhotoFile | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.setAttribute('capture', 'environment');
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

/**
 * One photo from the camera or the library: @capacitor/camera in the native app, a file input
 * on the web. Resolves null when the user cancels.
 *
 * Not wired into the entry form yet: its "Add photos" file input already works in both
 * WebViews (Capacitor's WebView hands file inputs to the system picker, camera included) and
 * lets the user pick several photos at once. A "Take photo" button can call this and hand the
 * File to the upload queue (queue.add([file])).
 */
export function takePhoto(): Promise<PhotoFile | null> {
  return isNativePlatform() ? nativePhoto() : browserPhoto();
}
