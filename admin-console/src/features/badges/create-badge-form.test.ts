import { BADGE_LIMITS } from '@cityquest/contract';
import { describe, expect, it } from 'vitest';
import {
  type CreateBadgeValues,
  createBadgeBodyOf,
  createBadgeErrors,
  EMPTY_BADGE,
  NO_TIER,
} from './create-badge-form.ts';

const png = (bytes = 3, type = 'image/png') => new File([new Uint8Array(bytes)], 'owl.png', { type });

const valid = (overrides: Partial<CreateBadgeValues> = {}): CreateBadgeValues => ({
  name: 'Night Owl',
  description: 'Finished the midnight heritage walk.',
  category: 'History',
  tier: 'Rare',
  xpRequired: 1000,
  image: png(),
  ...overrides,
});

describe('createBadgeErrors (CreateBadgeRequest in openapi.yaml)', () => {
  it('asks for every field of an empty form', () => {
    expect(createBadgeErrors(EMPTY_BADGE)).toEqual({
      name: 'nameRequired',
      description: 'descriptionRequired',
      category: 'categoryRequired',
      tier: 'tierRequired',
      xpRequired: 'xpRequired',
    });
  });

  it('accepts a complete badge', () => {
    expect(createBadgeErrors(valid())).toEqual({});
  });

  it('reads blank text as missing and measures text as the server stores it, trimmed', () => {
    expect(createBadgeErrors(valid({ name: '   ', description: '\n' }))).toEqual({
      name: 'nameRequired',
      description: 'descriptionRequired',
    });
    expect(createBadgeErrors(valid({ name: ` ${'a'.repeat(BADGE_LIMITS.name)} ` }))).toEqual({});
    expect(
      createBadgeErrors(
        valid({
          name: 'a'.repeat(BADGE_LIMITS.name + 1),
          description: 'b'.repeat(BADGE_LIMITS.description + 1),
        }),
      ),
    ).toEqual({ name: 'nameTooLong', description: 'descriptionTooLong' });
  });

  it.each([
    [0, null],
    [1_000_000, null],
    ['400', null],
    [-1, 'xpRange'],
    [1_000_001, 'xpRange'],
    [12.5, 'xpRange'],
    ['', 'xpRequired'],
  ] as const)('takes xp %s as %s', (xpRequired, error) => {
    expect(createBadgeErrors(valid({ xpRequired })).xpRequired ?? null).toBe(error);
  });

  it('takes PNG, JPEG, WebP and GIF images of at most 10 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
      expect(createBadgeErrors(valid({ image: png(3, type) }))).toEqual({});
    expect(createBadgeErrors(valid({ image: png(3, 'image/svg+xml') })).image).toBe('imageType');
    expect(createBadgeErrors(valid({ image: png(BADGE_LIMITS.imageBytes) })).image).toBeUndefined();
    expect(createBadgeErrors(valid({ image: png(BADGE_LIMITS.imageBytes + 1) })).image).toBe('imageTooLarge');
  });
});

describe('createBadgeBodyOf', () => {
  it('sends trimmed text, the chosen category and tier, a whole xp figure and the file', () => {
    const image = png();
    expect(createBadgeBodyOf(valid({ name: '  Night Owl ', xpRequired: '250', image }))).toEqual({
      name: 'Night Owl',
      description: 'Finished the midnight heritage walk.',
      category: 'History',
      tier: 'Rare',
      xpRequired: 250,
      image,
    });
  });

  it('leaves out the tier of a badge without one, and the image of a badge that takes the medal', () => {
    expect(createBadgeBodyOf(valid({ tier: NO_TIER, image: null }))).toEqual({
      name: 'Night Owl',
      description: 'Finished the midnight heritage walk.',
      category: 'History',
      xpRequired: 1000,
    });
  });

  it('sends nothing while a rule is broken (an unchosen tier is neither a tier nor none)', () => {
    expect(createBadgeBodyOf(valid({ tier: '' }))).toBeNull();
    expect(createBadgeBodyOf(EMPTY_BADGE)).toBeNull();
  });
});
