import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';

/** The demo accounts `npm start` seeds (README). */
export const demo = {
  explorer: { username: 'explorer', email: 'explorer@cityquest.dev', password: 'Explorer#2026' },
  admin: { username: 'moderator', email: 'admin@cityquest.dev', password: 'Admin#2026' },
  superAdmin: { username: 'superadmin', email: 'superadmin@cityquest.dev', password: 'SuperAdmin#2026' },
} as const;

export const apiUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 8180)}/api/v1`;

export async function photo(color: string, width = 320, height = 240) {
  return {
    name: `${color.replace('#', '')}.png`,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer(),
  };
}

/** The newest 4-digit code mailed to an address, read from the server's dev outbox. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`${apiUrl}/dev/outbox?to=${encodeURIComponent(email)}`);
  const body = (await response.json()) as { data: { text: string }[] };
  const code = /\b(\d{4})\b/.exec(body.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export function uniqueName(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** axe on the current page: no serious or critical violations. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
