import sharp from 'sharp';

const PALETTE = ['#0ca678', '#1c7ed6', '#f08c00', '#e8590c', '#7048e8', '#c2255c', '#2f9e44', '#1098ad'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A generated picture (initials or a title on a gradient), so demo content needs no downloaded photos. */
export async function generatePicture(
  label: string,
  options: { width: number; height: number; seed: number },
): Promise<Buffer> {
  const from = PALETTE[options.seed % PALETTE.length];
  const to = PALETTE[(options.seed + 3) % PALETTE.length];
  const size = Math.round(Math.min(options.width, options.height) / (label.length > 3 ? 8 : 2.5));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${options.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(label)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
