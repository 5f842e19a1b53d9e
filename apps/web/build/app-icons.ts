/**
 * Writes the installed app's icons (public/icons/*.png) from Karta's mark, the same pin on a blue
 * tile as favicon.svg and the start-up screen. Run after changing the mark:
 * `npm run icons --workspace @karta/web`; the PNGs are committed, so a build needs no image tool.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const BLUE = '#1d4ed8';
const PIN =
  'M16 6a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z';

/** The mark as the favicon draws it: a rounded tile filling the icon. */
const roundedTile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="${BLUE}"/><path d="${PIN}" fill="#fff"/></svg>`;

/**
 * For `purpose: maskable`: the platform cuts its own shape out of a full square, keeping at least
 * the central circle of 80% of its width, so the tile fills the square and the pin (20 of 32 units
 * tall) is scaled into the middle 60%.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${BLUE}"/>
  <g transform="translate(16 16) scale(0.96) translate(-16 -16)"><path d="${PIN}" fill="#fff"/></g></svg>`;

const outDir = join(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(outDir, { recursive: true });

const icons: { file: string; svg: string; size: number }[] = [
  { file: 'karta-192.png', svg: roundedTile, size: 192 },
  { file: 'karta-512.png', svg: roundedTile, size: 512 },
  { file: 'karta-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: maskable, size: 180 },
];
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(join(outDir, icon.file));
  console.log(`wrote public/icons/${icon.file}`);
}
