import {
  BADGE_LIMITS,
  BADGE_TIERS,
  type BadgeTier,
  CATEGORIES,
  type Category,
  type Schema,
} from '@cityquest/contract';
import { imageProblem } from '@cityquest/web-client/ui/image-file';

export type CreateBadgeBody = Schema<'CreateBadgeRequest'>;

/** The tier select's choice for a badge without a tier (the contract's tier left out). */
export const NO_TIER = 'none';

/**
 * The form as typed. Category and tier start unchosen and must be chosen (a tier, or no tier); without an image
 * the server gives the badge the catalogue's medal for its category and tier.
 */
export type CreateBadgeValues = {
  name: string;
  description: string;
  category: Category | '';
  tier: BadgeTier | typeof NO_TIER | '';
  xpRequired: number | string;
  image: File | null;
};

export const EMPTY_BADGE: CreateBadgeValues = {
  name: '',
  description: '',
  category: '',
  tier: '',
  xpRequired: '',
  image: null,
};

export type CreateBadgeError =
  | 'nameRequired'
  | 'nameTooLong'
  | 'descriptionRequired'
  | 'descriptionTooLong'
  | 'categoryRequired'
  | 'tierRequired'
  | 'xpRequired'
  | 'xpRange'
  | 'imageType'
  | 'imageTooLarge';

const MEGABYTE = 1024 * 1024;

/** What each message names: the bound it was refused against. */
export const ERROR_PARAMS: Partial<Record<CreateBadgeError, Record<string, string | number>>> = {
  nameTooLong: { max: BADGE_LIMITS.name },
  descriptionTooLong: { max: BADGE_LIMITS.description },
  xpRange: { min: BADGE_LIMITS.xpMin, max: BADGE_LIMITS.xpMax.toLocaleString('en') },
  imageTooLarge: { mb: BADGE_LIMITS.imageBytes / MEGABYTE },
};

export const BADGE_IMAGE_MB = BADGE_LIMITS.imageBytes / MEGABYTE;

export const isCategory = (value: string): value is Category => CATEGORIES.includes(value as Category);
export const isTier = (value: string): value is BadgeTier => BADGE_TIERS.includes(value as BadgeTier);

function xpOf(value: number | string): number {
  return typeof value === 'number' ? value : value.trim() ? Number(value) : Number.NaN;
}

function textError(value: string, max: number, required: CreateBadgeError, tooLong: CreateBadgeError) {
  const text = value.trim();
  if (!text) return required;
  return text.length > max ? tooLong : null;
}

function imageError(file: File | null): CreateBadgeError | null {
  if (!file) return null;
  // The server checks the content; this only spares a refusal.
  const problem = imageProblem(file, BADGE_LIMITS.imageBytes);
  if (problem === 'notImage') return 'imageType';
  return problem === 'tooLarge' ? 'imageTooLarge' : null;
}

/**
 * The contract's rules for POST /admin/badges, field by field: name and description required (not blank once
 * trimmed, as the server trims them) and within their lengths, a category, a tier of the contract's or none, a
 * whole xp figure from 0 to 1,000,000, and no image or a PNG, JPEG, WebP or GIF image of at most 10 MB.
 */
export function createBadgeErrors(
  values: CreateBadgeValues,
): Partial<Record<keyof CreateBadgeValues, CreateBadgeError>> {
  const xp = xpOf(values.xpRequired);
  const errors = {
    name: textError(values.name, BADGE_LIMITS.name, 'nameRequired', 'nameTooLong'),
    description: textError(
      values.description,
      BADGE_LIMITS.description,
      'descriptionRequired',
      'descriptionTooLong',
    ),
    category: isCategory(values.category) ? null : 'categoryRequired',
    tier: isTier(values.tier) || values.tier === NO_TIER ? null : 'tierRequired',
    xpRequired: Number.isNaN(xp)
      ? 'xpRequired'
      : Number.isInteger(xp) && xp >= BADGE_LIMITS.xpMin && xp <= BADGE_LIMITS.xpMax
        ? null
        : 'xpRange',
    image: imageError(values.image),
  } as const;
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== null));
}

/** The multipart body of POST /admin/badges, or null while the values break a rule. */
export function createBadgeBodyOf(values: CreateBadgeValues): CreateBadgeBody | null {
  const { category, tier, image } = values;
  if (Object.keys(createBadgeErrors(values)).length > 0 || !isCategory(category)) return null;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    category,
    ...(isTier(tier) ? { tier } : {}),
    xpRequired: xpOf(values.xpRequired),
    ...(image ? { image } : {}),
  };
}
