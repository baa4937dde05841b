// Makes the install icons in public/icons from our own logo (public/icons/logo.svg), so nothing
// is downloaded: `node apps/web/scripts/make-icons.mjs` after changing the logo, then commit the
// PNGs. The colours are the app's (src/styles/app.css: --paper, --forest-800).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const icons = path.resolve(import.meta.dirname, '..', 'public', 'icons');
const logo = readFileSync(path.join(icons, 'logo.svg'));
const paper = '#f6f4ec';
const forest = '#1f4227';

/**
 * The logo centred on a square of `background`, taking `share` of its side. A maskable icon
 * keeps the logo inside the middle 80% circle that every launcher's mask leaves visible.
 */
async function icon(size, share, background, file) {
  const inner = Math.round(size * share);
  const mark = await sharp(logo, { density: 72 * Math.ceil(inner / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(icons, file));
}

await icon(192, 0.86, paper, 'icon-192.png');
await icon(512, 0.86, paper, 'icon-512.png');
await icon(512, 0.6, forest, 'icon-512-maskable.png');
await icon(180, 0.8, paper, 'apple-touch-icon.png');
