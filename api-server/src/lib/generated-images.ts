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
  // Long labels (quest titles) shrink to fit the width: about 0.6 em per character in a sans-serif bold.
  const size = Math.round(
    Math.min(
      Math.min(options.width, options.height) / (label.length > 3 ? 8 : 2.5),
      (options.width * 0.9) / (label.length * 0.6),
    ),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${options.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(label)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** A small seeded generator (mulberry32): the same seed draws the same scene. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * A generated street photo: sky, a skyline and a sign with the label, laid out by the seed. Demo proofs use
 * it so that each looks like a different picture, as real photos do, to the duplicate check.
 */
export async function generateStreetScene(
  label: string,
  options: { width: number; height: number; seed: number },
): Promise<Buffer> {
  const random = seeded(options.seed + 1);
  const { width, height } = options;
  const hue = Math.round(random() * 360);
  const horizon = Math.round(height * (0.45 + random() * 0.35));
  const buildings: string[] = [];
  for (let x = -random() * 40; x < width; ) {
    const wide = 30 + random() * 110;
    const tall = 40 + random() * (horizon - 20);
    const light = Math.round(20 + random() * 60);
    buildings.push(
      `<rect x="${x.toFixed(1)}" y="${(horizon - tall).toFixed(1)}" width="${wide.toFixed(1)}" height="${tall.toFixed(1)}" fill="hsl(${(hue + random() * 90) % 360},${Math.round(random() * 40)}%,${light}%)"/>`,
    );
    x += wide + random() * 25;
  }
  const sun = { x: random() * width, y: random() * horizon * 0.6, r: 10 + random() * 40 };
  const sign = { x: random() * width * 0.5, y: horizon + random() * (height - horizon - 50) };
  const size = Math.max(12, Math.round(Math.min(28, (width * 0.45) / Math.max(4, label.length * 0.6))));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${(hue + 180) % 360},60%,${Math.round(30 + random() * 45)}%)"/><stop offset="1" stop-color="hsl(${(hue + 200) % 360},50%,${Math.round(55 + random() * 35)}%)"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#s)"/>
  <circle cx="${sun.x.toFixed(1)}" cy="${sun.y.toFixed(1)}" r="${sun.r.toFixed(1)}" fill="#fff3bf"/>
  ${buildings.join('')}
  <rect y="${horizon}" width="100%" height="${height - horizon}" fill="hsl(${(hue + 40) % 360},15%,${Math.round(15 + random() * 40)}%)"/>
  <rect x="${sign.x.toFixed(1)}" y="${sign.y.toFixed(1)}" width="${(width * 0.5).toFixed(1)}" height="44" rx="6" fill="#1c2b3a"/>
  <text x="${(sign.x + width * 0.25).toFixed(1)}" y="${(sign.y + 22).toFixed(1)}" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(label)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

const TIER_STYLE: Record<string, { from: string; to: string; ring: string }> = {
  Common: { from: '#f1f3f5', to: '#868e96', ring: '#adb5bd' },
  Uncommon: { from: '#fff3bf', to: '#f08c00', ring: '#fcc419' },
  Rare: { from: '#a5d8ff', to: '#1864ab', ring: '#339af0' },
  Epic: { from: '#d0bfff', to: '#5f3dc4', ring: '#845ef7' },
  Legendary: { from: '#ffd43b', to: '#c92a2a', ring: '#ffa94d' },
};

const CATEGORY_GLYPH: Record<string, string> = {
  Art: 'ART',
  Food: 'FOOD',
  History: 'HIST',
  Culture: 'CULT',
  Adventure: 'ADV',
  HiddenGems: 'GEM',
};

/** A medal in the tier's colours with the category's short name: the catalogue's generated artwork. */
export async function generateBadgeImage(category: string, tier: string): Promise<Buffer> {
  const style = TIER_STYLE[tier] ?? { from: '#f1f3f5', to: '#868e96', ring: '#adb5bd' };
  const glyph = CATEGORY_GLYPH[category] ?? category.slice(0, 4).toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <defs><radialGradient id="g" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="${style.from}"/><stop offset="1" stop-color="${style.to}"/></radialGradient></defs>
  <circle cx="128" cy="128" r="120" fill="${style.ring}"/>
  <circle cx="128" cy="128" r="104" fill="url(#g)"/>
  <text x="128" y="122" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="44" fill="#ffffff">${escapeXml(glyph)}</text>
  <text x="128" y="170" text-anchor="middle" font-family="sans-serif" font-weight="600" font-size="22" fill="#ffffff">${escapeXml(tier.toUpperCase())}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}
