import sharp from 'sharp';
import { photoLimits } from '@fj/contract/photos';
import { AppError } from '../../errors.ts';

/** Formats a phone or camera hands us; everything is stored as WebP. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif']);

export interface ProcessedImage {
  display: { data: Buffer; width: number; height: number };
  thumbnail: { data: Buffer; width: number; height: number };
}

/**
 * Auto-orients (sharp does not unless asked), strips every metadata block — GPS above all,
 * since these are secret spots — and writes a display image and a thumbnail.
 */
export async function processImage(input: Buffer, maxPixels: number): Promise<ProcessedImage> {
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !acceptedFormats.has(metadata.format)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'file: not a supported image (JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF)',
      {
        file: 'not a supported image',
      },
    );
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) {
    throw new AppError('PAYLOAD_TOO_LARGE', `file: image has more than ${maxPixels} pixels`, {
      file: `more than ${maxPixels} pixels`,
    });
  }
  const oriented = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
  const resize = (side: number) => ({
    width: side,
    height: side,
    fit: 'inside' as const,
    withoutEnlargement: true,
  });
  try {
    const [display, thumbnail] = await Promise.all([
      oriented
        .clone()
        .resize(resize(photoLimits.displayMaxSide))
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      oriented
        .clone()
        .resize(resize(photoLimits.thumbnailMaxSide))
        .webp({ quality: 72 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      display: { data: display.data, width: display.info.width, height: display.info.height },
      thumbnail: {
        data: thumbnail.data,
        width: thumbnail.info.width,
        height: thumbnail.info.height,
      },
    };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'file: the image is damaged and cannot be read', {
      file: 'damaged image',
    });
  }
}
