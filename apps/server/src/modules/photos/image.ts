import type sharpModule from 'sharp';
import { photoLimits } from '@fj/contract/photos';
import { AppError } from '../../errors.ts';

async function loadSharp(): Promise<typeof sharpModule> {
  const { default: sharp } = await import('sharp');
  // Memory over speed: no libvips operation cache (each upload is a new image, nothing to
  // reuse), and one libvips thread per image, since the decode gate already runs two at once.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
}
let sharpLoaded: Promise<typeof sharpModule> | undefined;
/** sharp and libvips, a large native library, are loaded by the first photo, not at start. */
const useSharp = () => (sharpLoaded ??= loadSharp());

/** Formats a phone or camera hands us; everything is stored as WebP. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif']);

export interface ProcessedImage {
  display: { data: Buffer; width: number; height: number };
  thumbnail: { data: Buffer; width: number; height: number };
}

/**
 * The header check every photo passes before it is decoded: a format we take, and at most
 * `maxPixels` pixels. Cheap (the header only); throws the upload's 415 or 413.
 */
export async function inspectImage(input: Buffer, maxPixels: number): Promise<void> {
  const sharp = await useSharp();
  // Inside the promise: sharp throws at once, not in it, for some inputs (an empty file).
  const metadata = await Promise.resolve()
    .then(() => sharp(input, { limitInputPixels: false }).metadata())
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
}

/**
 * Auto-orients (sharp does not unless asked), strips every metadata block — GPS above all,
 * since these are secret spots — and writes a display image and a thumbnail.
 */
export async function processImage(input: Buffer, maxPixels: number): Promise<ProcessedImage> {
  await inspectImage(input, maxPixels);
  const sharp = await useSharp();
  const resize = (side: number) => ({
    width: side,
    height: side,
    fit: 'inside' as const,
    withoutEnlargement: true,
  });
  try {
    // Decode once, straight to display size (JPEG shrink-on-load keeps a 24 MP decode small);
    // both WebPs are made from those pixels, not from a second decode of the original.
    const pixels = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize(resize(photoLimits.displayMaxSide))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: {
        width: pixels.info.width,
        height: pixels.info.height,
        channels: pixels.info.channels,
      },
    };
    const display = await sharp(pixels.data, raw)
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(pixels.data, raw)
      .resize(resize(photoLimits.thumbnailMaxSide))
      .webp({ quality: 72 })
      .toBuffer({ resolveWithObject: true });
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
