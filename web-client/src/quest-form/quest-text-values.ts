import {
  isQuestTextAccepted,
  isRequiredQuestText,
  type OptionalQuestTextField,
  QUEST_TEXT_FIELDS,
  type QuestTextValues,
  REQUIRED_QUEST_TEXT_FIELDS,
  type RequiredQuestTextField,
} from './quest-text-fields.ts';

/**
 * The quest's text fields between a form's boxes and the request bodies: every box trimmed the same way in
 * both apps (docs/product-rules/quests.md#field-limits).
 */

/** A new quest's text fields: every box empty. */
export function emptyQuestText(): QuestTextValues {
  return Object.fromEntries(QUEST_TEXT_FIELDS.map((field) => [field, ''])) as QuestTextValues;
}

/** The text fields of a quest as the server answers it (a field it leaves out reads as empty). */
export function questTextOf(quest: Partial<Record<keyof QuestTextValues, string | null>>): QuestTextValues {
  return Object.fromEntries(QUEST_TEXT_FIELDS.map((field) => [field, quest[field] ?? ''])) as QuestTextValues;
}

/** The required text fields whose box the contract would refuse (blank, or not matching its pattern). */
export function refusedQuestText(values: QuestTextValues): RequiredQuestTextField[] {
  return REQUIRED_QUEST_TEXT_FIELDS.filter((field) => !isQuestTextAccepted(field, values[field]));
}

/**
 * The text fields of a JSON edit (PUT /quests/{id}, PUT /admin/quests/{id}): every one trimmed, an optional one
 * sent empty to clear it.
 */
export function questTextBody(values: QuestTextValues): QuestTextValues {
  return Object.fromEntries(
    QUEST_TEXT_FIELDS.map((field) => [field, values[field].trim()]),
  ) as QuestTextValues;
}

/** The text fields of a new quest's multipart body: trimmed, a blank optional one left out. */
export function questTextParts(
  values: QuestTextValues,
): Record<RequiredQuestTextField, string> & Partial<Record<OptionalQuestTextField, string>> {
  return Object.fromEntries(
    QUEST_TEXT_FIELDS.flatMap((field) => {
      const text = values[field].trim();
      return text || isRequiredQuestText(field) ? [[field, text]] : [];
    }),
  ) as Record<RequiredQuestTextField, string>;
}
