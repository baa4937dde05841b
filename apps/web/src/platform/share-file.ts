/** The share sheet reports a dismissal as an error ("Share canceled"); that is no failure. */
const cancelled = /cancel/i;

/** The blob's bytes as base64, which the Filesystem plugin writes. */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The native app's "save": a WebView ignores a download link, so the file is written to the
 * app's cache folder (@capacitor/filesystem) and handed to the system's share sheet
 * (@capacitor/share), from which the user saves it to Files, mails it or opens it in another
 * app. Both plugins load on first use: the web build never needs them.
 */
export async function shareFile({ blob, fileName }: { blob: Blob; fileName: string }) {
  const [{ Directory, Filesystem }, { Share }] = await Promise.all([
    import('@capacitor/filesystem'),
    import('@capacitor/share'),
  ]);
  const { uri } = await Filesystem.writeFile({
    path: fileName,
    data: await base64Of(blob),
    directory: Directory.Cache,
  });
  try {
    await Share.share({ title: fileName, files: [uri] });
  } catch (error) {
    if (error instanceof Error && cancelled.test(error.message)) return;
    throw error;
  }
}
