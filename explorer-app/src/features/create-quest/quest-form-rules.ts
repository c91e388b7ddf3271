import { QUEST_LIMITS } from '@cityquest/contract';
import {
  type ErrorPlaces,
  isQuestTextAccepted,
  QUEST_TEXT_ERROR_PLACES,
  REQUIRED_QUEST_TEXT_FIELDS,
  type RequiredQuestTextField,
} from '@cityquest/web-client/quest-form';
import type { FormValidateInput } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  type CreateQuestBody,
  hasTask,
  type QuestFormValues,
  splitTags,
  type UpdateQuestBody,
} from './quest-form-values.ts';

/**
 * Where the form shows the server's error on each field of its bodies (POST /quests/create-quest, PUT
 * /quests/{id}): under the box holding it, or in the banner above when the form has none (the waypoints, and
 * the state and time that only the console edits). The text fields show under their own boxes; a field the
 * contract adds otherwise fails the typecheck here until the form gives it a place (docs/dev/add-a-field.md).
 */
export const ERROR_PLACES = {
  ...QUEST_TEXT_ERROR_PLACES,
  category: 'category',
  difficulty: 'difficulty',
  startLocation: 'startLocation',
  endLocation: 'endLocation',
  xp: 'xp',
  tags: 'tags',
  tasks: 'tasks',
  tips: 'tips',
  waypoints: null,
  photos: 'photos',
  state: null,
  estimatedTime: null,
} as const satisfies ErrorPlaces<CreateQuestBody & UpdateQuestBody, QuestFormValues>;

/**
 * The form's own checks before it sends (docs/product-rules/explorer-screens.md#create-quest-form): each required
 * text field as the contract takes it, with its `validation.<field>` message, and the form's other fields.
 */
export function useQuestFormRules(editing: boolean): FormValidateInput<QuestFormValues> {
  const { t } = useTranslation('create');
  const textRules: Partial<Record<RequiredQuestTextField, (text: string) => string | null>> =
    Object.fromEntries(
      REQUIRED_QUEST_TEXT_FIELDS.map((field) => [
        field,
        (text: string) => (isQuestTextAccepted(field, text) ? null : t(`validation.${field}`)),
      ]),
    );
  return {
    ...textRules,
    photos: (photos) => (editing || photos.length > 0 ? null : t('validation.photos')),
    category: (value) => (value ? null : t('validation.category')),
    difficulty: (value) => (value ? null : t('validation.difficulty')),
    startLocation: (value) => (value ? null : t('validation.startLocation')),
    endLocation: (value) => (value ? null : t('validation.endLocation')),
    tasks: (tasks) => (hasTask(tasks) ? null : t('validation.tasks')),
    tags: (text) => {
      const tags = splitTags(text);
      return tags.length > QUEST_LIMITS.tags || tags.some((tag) => tag.length > QUEST_LIMITS.tag)
        ? t('validation.tags', { max: QUEST_LIMITS.tags, length: QUEST_LIMITS.tag })
        : null;
    },
  };
}
