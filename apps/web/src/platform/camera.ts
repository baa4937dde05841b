import { isNativePlatform } from './platform.ts';

/** The camera plugin says so when the user backs out; that is "no photo", not a failure. */
const cancelled = /cancel/i;

/**
 * Whether the entry form offers "Take photo": only the native app does. On the web the
 * "Add photos" file input already offers the phone's camera, so a second button would only
 * repeat it.
 */
export function canTakePhoto(): boolean {
  return isNativePlatform();
}

/**
 * One photo from the device camera (@capacitor/camera), as the File the uploader sends;
 * null when the user backs out.
 */
export async function takePhoto(): Promise<File | null> {
  // Loaded on first use: the web build never needs the plugin.
  const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera');
  try {
    const photo = await Camera.getPhoto({
      resultType: CameraResultType.Uri,
      source: CameraSource.Camera,
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
