import sharp from 'sharp';

/**
 * A generated set of photo-like pictures for the duplicate check: landmarks (six shapes) seen from several
 * viewpoints (another place in the frame, size, sky, light and foreground), with sensor-like noise, and the
 * copies a cheat makes of one (smaller, recompressed, 5% cropped).
 */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function landmark(kind: number, x: number, y: number, scale: number, colour: string): string {
  const at = `transform="translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${scale.toFixed(2)})"`;
  const windows = [0, 1, 2]
    .map(
      (row) =>
        `<rect x="-40" y="${-200 + row * 45}" width="20" height="28" fill="#ffe9a8"/><rect x="20" y="${-200 + row * 45}" width="20" height="28" fill="#ffe9a8"/>`,
    )
    .join('');
  const arches = [-80, -30, 20, 70]
    .map((cx) => `<path d="M${cx} 0 v-70 a15 15 0 0 1 30 0 v70z" fill="#333"/>`)
    .join('');
  const steps = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="${-150 + i * 60}" y="${-100 - i * 30}" width="50" height="${100 + i * 30}" fill="${colour}" stroke="#111" stroke-width="4"/>`,
    )
    .join('');
  const shapes = [
    `<rect x="-60" y="-220" width="120" height="220" fill="${colour}"/><polygon points="-70,-220 0,-300 70,-220" fill="#7a3b2e"/><rect x="-20" y="-60" width="40" height="60" fill="#222"/>${windows}`,
    `<ellipse cx="0" cy="-150" rx="110" ry="90" fill="${colour}"/><rect x="-120" y="-150" width="240" height="150" fill="#d8cfc0"/>${arches}`,
    `<polygon points="-30,0 -10,-380 10,-380 30,0" fill="${colour}"/><circle cx="0" cy="-390" r="18" fill="#c33"/>`,
    `<path d="M-200 0 Q0 -260 200 0z" fill="${colour}"/><path d="M-120 0 Q0 -150 120 0z" fill="#87a"/>`,
    steps,
    `<circle cx="0" cy="-120" r="120" fill="${colour}"/><rect x="-15" y="-120" width="30" height="120" fill="#553"/><circle cx="-50" cy="-150" r="30" fill="#fff"/>`,
  ];
  return `<g ${at}>${shapes[kind % shapes.length]}</g>`;
}

export const LANDMARKS = 6;

/** Landmark `kind` from viewpoint `view`: a JPEG as a phone would take it. */
export async function landmarkPhoto(kind: number, view: number): Promise<Buffer> {
  const random = seeded(kind * 1000 + view * 17 + 1);
  const width = 800;
  const height = 600;
  const horizon = height * (0.6 + random() * 0.2);
  const colour = ['#c9a27e', '#e0d6c2', '#9aa3ad', '#b57b56', '#8a6f5a', '#5f8f6f'][kind % 6];
  const foreground = Array.from({ length: 6 + Math.floor(random() * 8) }, () => {
    const x = random() * width;
    const y = horizon + random() * (height - horizon);
    const size = 14 + random() * 55;
    return random() < 0.5
      ? `<circle cx="${x.toFixed(1)}" cy="${(y - size).toFixed(1)}" r="${size.toFixed(1)}" fill="hsl(${Math.round(100 + random() * 40)},40%,${Math.round(20 + random() * 30)}%)"/>`
      : `<rect x="${x.toFixed(1)}" y="${(y - size * 2).toFixed(1)}" width="${size.toFixed(1)}" height="${(size * 2).toFixed(1)}" fill="hsl(${Math.round(random() * 360)},30%,${Math.round(30 + random() * 40)}%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${Math.round(200 + random() * 30)},60%,${Math.round(40 + random() * 40)}%)"/><stop offset="1" stop-color="hsl(${Math.round(20 + random() * 40)},70%,${Math.round(60 + random() * 30)}%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<rect y="${horizon.toFixed(1)}" width="${width}" height="${(height - horizon).toFixed(1)}" fill="hsl(${Math.round(80 + random() * 60)},30%,${Math.round(25 + random() * 30)}%)"/>
${landmark(kind, 200 + random() * 400, horizon, (0.55 + random() * 0.9) * (width / 1200), colour ?? '#999')}
${foreground}
</svg>`;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The copies a cheat makes of a photo, by name. */
export async function copiesOf(photo: Buffer): Promise<Record<string, Buffer>> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const crop = (left: number, top: number) =>
    sharp(photo)
      .extract({
        left: Math.round(width * left),
        top: Math.round(height * top),
        width: Math.round(width * 0.95),
        height: Math.round(height * 0.95),
      })
      .jpeg({ quality: 85 })
      .toBuffer();
  return {
    'resized to 320 px': await sharp(photo).resize({ width: 320 }).jpeg({ quality: 80 }).toBuffer(),
    'JPEG quality 30': await sharp(photo).jpeg({ quality: 30 }).toBuffer(),
    'WebP quality 60': await sharp(photo).webp({ quality: 60 }).toBuffer(),
    '5% cropped from the top left': await crop(0, 0),
    '5% cropped from the bottom right': await crop(0.05, 0.05),
    '5% cropped around the centre': await crop(0.025, 0.025),
  };
}

/** EXIF's GPS directory (IFD3, as sharp names it) for a position, in degrees, minutes and seconds. */
export function gpsDirectory(place: { lat: number; lng: number }) {
  const dms = (value: number) => {
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 10000);
    return `${degrees}/1 ${minutes}/1 ${seconds}/10000`;
  };
  return {
    GPSLatitudeRef: place.lat < 0 ? 'S' : 'N',
    GPSLatitude: dms(place.lat),
    GPSLongitudeRef: place.lng < 0 ? 'W' : 'E',
    GPSLongitude: dms(place.lng),
  };
}

/** A JPEG carrying a GPS position and a capture time ('YYYY:MM:DD HH:MM:SS', UTC). */
export async function withGpsAndTime(
  photo: Buffer,
  place: { lat: number; lng: number } | null,
  takenAt: Date | null,
): Promise<Buffer> {
  const gps = place ? { IFD3: gpsDirectory(place) } : {};
  const time = takenAt
    ? { IFD2: { DateTimeOriginal: takenAt.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':') } }
    : {};
  return sharp(photo)
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, ...gps, ...time })
    .toBuffer();
}
