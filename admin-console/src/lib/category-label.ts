import { CATEGORIES, type Category } from '@cityquest/contract';
import type { TFunction } from 'i18next';

const isCategory = (value: string | null | undefined): value is Category =>
  CATEGORIES.includes(value as Category);

/** A quest category as people read it ('Hidden Gems' for HiddenGems), or 'Unknown Category' when it is missing. */
export function categoryLabel(category: string | null | undefined, t: TFunction): string {
  return isCategory(category) ? t(`categories.${category}`) : t('missing.category');
}
