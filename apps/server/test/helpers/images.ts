import sharp from 'sharp';

export interface JpegOptions {
  width: number;
  height: number;
  /** EXIF orientation tag (1–8) written into the file. */
  orientation?: number;
  /** Write GPS latitude/longitude (59°19'48" N, 18°4'12" E) and a camera make into the EXIF. */
  gps?: boolean;
  /** Random noise instead of flat colour: compresses badly, so the file is big. */
  noise?: boolean;
}

/** Where the GPS tags written by makeJpeg point to (decimal degrees). */
export const writtenGps = { latitude: 59.33, longitude: 18.07 };

/**
 * A real JPEG made with sharp: blue, with a red 100×100 block in the stored (un-rotated)
 * top-left corner so a test can tell how the image was turned.
 */
export async function makeJpeg(options: JpegOptions): Promise<Buffer> {
  const { width, height } = options;
  const base = options.noise
    ? sharp({
        create: {
          width,
          height,
          channels: 3,
          background: { r: 0, g: 0, b: 255 },
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
    : sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } });
  const side = Math.min(100, width, height);
  let image = base
    .composite([
      {
        input: { create: { width: side, height: side, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 92 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Forager One' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '59/1 19/1 4800/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 4/1 1200/100',
      },
    });
  }
  return image.toBuffer();
}

/** The four-character chunk ids of a RIFF/WebP file, in order ('VP8 ', 'VP8X', 'EXIF', 'XMP ', …). */
export function webpChunks(data: Buffer): string[] {
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a RIFF/WebP file');
  }
  const ids: string[] = [];
  let offset = 12;
  while (offset + 8 <= data.length) {
    ids.push(data.toString('latin1', offset, offset + 4));
    const size = data.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return ids;
}

/**
 * The EXIF of a WebP as the TIFF structure exifr reads (exifr cannot open WebP files itself),
 * or undefined when the file has no EXIF chunk.
 */
export function webpExifTiff(data: Buffer): Buffer | undefined {
  let offset = 12;
  while (offset + 8 <= data.length) {
    const id = data.toString('latin1', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    if (id === 'EXIF') {
      const chunk = data.subarray(offset + 8, offset + 8 + size);
      // libvips writes the JPEG-style "Exif\0\0" header in front of the TIFF structure.
      return chunk.toString('latin1', 0, 6) === 'Exif\0\0' ? chunk.subarray(6) : chunk;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

export type Rgb = [number, number, number];

/** The colour of one pixel, decoded by sharp. */
export async function pixelAt(data: Buffer, x: number, y: number): Promise<Rgb> {
  const raw = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * raw.info.width + x) * raw.info.channels;
  return [raw.data[i] ?? -1, raw.data[i + 1] ?? -1, raw.data[i + 2] ?? -1];
}

/** Red-ish or blue-ish, tolerant of lossy compression. */
export function colourName([r, g, b]: Rgb): 'red' | 'blue' | 'other' {
  if (r > 180 && g < 80 && b < 80) return 'red';
  if (b > 180 && r < 80 && g < 80) return 'blue';
  return 'other';
}
