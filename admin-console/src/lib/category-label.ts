import type { TFunction } from 'i18next';

const CATEGORIES = ['Art', 'Food', 'History', 'Culture', 'Adventure', 'HiddenGems'] as const;
type Category = (typeof CATEGORIES)[number];

const isCategory = (value: string | null | undefined): value is Category =>
  CATEGORIES.includes(value as Category);

/** A quest category as people read it ('Hidden Gems' for HiddenGems), or `unknown` when it is missing. */
export function categoryLabel(category: string | null | undefined, t: TFunction, unknown: string): string {
  return isCategory(category) ? t(`categories.${category}`) : unknown;
}
