/** A photo as the journal screens use it: the Photo entry (docs/behaviour.md#photo-entry), tolerant of old records. */
export interface NormalizedPhoto {
  url: string;
  thumbnailUrl?: string;
  filePath?: string;
  thumbnailFilePath?: string;
  name: string;
  size: number;
  width?: number;
  height?: number;
  uploadedAt: Date | string;
}

const storageHost = 'storage.googleapis.com';
const accessIdParam = 'GoogleAccessId';

/**
 * Signed cloud-storage URLs expire; records saved with one would break later. The plain public
 * form (bucket name plus object path, no query) is what a record should keep.
 */
export function toPublicStorageUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.hostname !== storageHost || !parsed.searchParams.has(accessIdParam)) return url;
  return `${parsed.origin}${parsed.pathname}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Photo list normalisation (docs/behaviour.md#photo-list), every bullet of it, as one pure function. */
export function normalizePhotoList(
  input: unknown,
  now: () => Date = () => new Date(),
): NormalizedPhoto[] {
  if (!Array.isArray(input)) return [];
  return input.flatMap((item: unknown, index): NormalizedPhoto[] => {
    if (typeof item === 'string') {
      return [
        { url: toPublicStorageUrl(item), name: `photo-${index}`, size: 0, uploadedAt: now() },
      ];
    }
    if (!isRecord(item)) return [];
    const photo = { ...item } as Partial<NormalizedPhoto> & Record<string, unknown>;
    return [
      {
        ...photo,
        url: typeof photo.url === 'string' ? toPublicStorageUrl(photo.url) : '',
        ...(typeof photo.thumbnailUrl === 'string'
          ? { thumbnailUrl: toPublicStorageUrl(photo.thumbnailUrl) }
          : {}),
        name: typeof photo.name === 'string' && photo.name ? photo.name : `photo-${index}`,
        size: typeof photo.size === 'number' ? photo.size : 0,
        uploadedAt: photo.uploadedAt ?? now(),
      },
    ];
  });
}
