import type { TFunction } from 'i18next';
import { categoryLabel } from '../../lib/category-label.ts';
import type { AdminQuest } from './quests-api.ts';

/** The texts a quest shows for values that can be missing (docs/product-rules/messages.md#missing-values). */
export function questTitle(quest: AdminQuest, t: TFunction): string {
  return quest.title.trim() || t('missing.quest');
}

export function questCategoryLabel(quest: AdminQuest, t: TFunction): string {
  return categoryLabel(quest.category, t);
}

export function creatorName(quest: AdminQuest, t: TFunction): string {
  return quest.submittedBy?.username || t('missing.user');
}

export function placeOf(quest: AdminQuest, t: TFunction): string {
  return quest.city.trim() || quest.address.trim() || t('missing.location');
}

/** A quest without an estimate shows '30-45 mins' (docs/product-rules/admin-screens.md#quest-moderation-screen). */
export function estimatedTimeOf(quest: AdminQuest, t: TFunction): string {
  return quest.estimatedTime.trim() || t('missing.estimatedTime');
}
