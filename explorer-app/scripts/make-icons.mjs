// Writes the install icons (docs/product-rules/offline-play.md#installing-the-app) from the logo into public/icons/.
// Run once when the logo changes (`node explorer-app/scripts/make-icons.mjs`); the PNGs are kept in the repository,
// so a build needs no sharp. sharp comes from the workspace root (the API server's image pipeline).
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const iconsDir = join(publicDir, 'icons');
const logo = await readFile(join(publicDir, 'favicon.svg'), 'utf8');

/** The logo's disc colour and its star, so the maskable icon can fill its whole square with that colour. */
const discColour = logo.match(/<circle[^>]*fill="(#[0-9a-f]{6})"/i)?.[1];
const star = logo.match(/<path[^>]*\/>/)?.[0];
if (!discColour || !star) throw new Error('favicon.svg no longer has the disc and star this script expects');

// Launchers crop maskable icons to a shape that keeps at least the central 80% circle: the star (at most 21 of
// 32 units from the centre) stays inside it, and the colour runs to the edges, so no crop shows a white corner.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${discColour}"/>${star}</svg>`;

const icons = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'icon-512-maskable.png', svg: maskable, size: 512 },
  // iOS ignores the manifest's icons and fills transparent corners with black: a full square, like the maskable one.
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];

await mkdir(iconsDir, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(iconsDir, file));
  console.log(`public/icons/${file} (${size}x${size})`);
}
