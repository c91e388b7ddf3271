import { describe, expect, it } from 'vitest';
import { createFileAddresses } from './file-addresses.ts';
import { createPrivateFileUrls } from './private-files.ts';

const NAME = '0f8e2c1a-5b7d-4e3f-9a1b-2c3d4e5f6a7b.webp';
const NOW = Date.UTC(2026, 10, 20, 8, 0, 0);
const privateUrls = createPrivateFileUrls({
  secret: 'a-secret-for-file-addresses',
  ttlSeconds: 3600,
  now: () => NOW,
});

const addresses = (publicFilesUrl: string, apiRoot = 'https://api.cityquest.test') =>
  createFileAddresses({ publicFilesUrl, apiRoot, privateUrls });

describe('createFileAddresses', () => {
  it('keeps an absent file absent', () => {
    expect(addresses('https://files.cityquest.test').ofOptional(null)).toBeNull();
  });

  it('puts a public kind under the public files address, whatever trails it', () => {
    for (const base of ['https://files.cityquest.test', 'https://files.cityquest.test/']) {
      const files = addresses(base);
      expect(files.of(`/uploads/avatars/${NAME}`)).toBe(`https://files.cityquest.test/avatars/${NAME}`);
      expect(files.ofOptional(`/uploads/badges/${NAME}`)).toBe(`https://files.cityquest.test/badges/${NAME}`);
    }
    // The local folder's default: the API's own /uploads/.
    expect(addresses('http://localhost:8080/uploads').of(`/uploads/quests/${NAME}`)).toBe(
      `http://localhost:8080/uploads/quests/${NAME}`,
    );
  });

  it('signs a private kind on the API root, with a signature the API accepts', () => {
    const files = addresses('https://files.cityquest.test', 'https://api.cityquest.test/');
    for (const kind of ['proofs', 'reports']) {
      const address = new URL(files.of(`/uploads/${kind}/${NAME}`));
      expect(address.origin).toBe('https://api.cityquest.test');
      expect(address.pathname).toBe(`/uploads/${kind}/${NAME}`);
      const expires = address.searchParams.get('expires') ?? '';
      const signature = address.searchParams.get('signature') ?? '';
      expect(Number(expires) * 1000).toBeGreaterThan(NOW);
      expect(privateUrls.check(address.pathname, expires, signature)).toBe('valid');
    }
  });

  it('leaves a path outside /uploads/ unchanged', () => {
    const files = addresses('https://files.cityquest.test');
    for (const other of ['https://elsewhere.example/a.webp', '/static/badge.webp', 'avatars/a.webp']) {
      expect(files.of(other)).toBe(other);
      expect(files.ofOptional(other)).toBe(other);
    }
  });
});
