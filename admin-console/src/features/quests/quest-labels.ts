import type { TFunction } from 'i18next';
import { type AdminQuest, CATEGORIES } from './quests-api.ts';

/** The texts a quest shows for values that can be missing (admin-and-moderation.md section 2). */
export function questTitle(quest: AdminQuest, t: TFunction): string {
  return quest.title.trim() || t('moderation.unknownQuest');
}

export function categoryLabel(quest: AdminQuest, t: TFunction): string {
  return CATEGORIES.includes(quest.category)
    ? t(`moderation.categoryOptions.${quest.category}`)
    : t('moderation.unknownCategory');
}

export function creatorName(quest: AdminQuest, t: TFunction): string {
  return quest.submittedBy?.username || t('moderation.unknownUser');
}

export function placeOf(quest: AdminQuest, t: TFunction): string {
  return quest.city.trim() || quest.address.trim() || t('moderation.noLocation');
}

/** The quest detail's default when a quest carries no estimate (admin-and-moderation.md section 9). */
export function estimatedTimeOf(quest: AdminQuest): string {
  return quest.estimatedTime.trim() || '30-45 mins';
}
