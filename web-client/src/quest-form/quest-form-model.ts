import {
  PINCODE_DIGITS,
  PINCODE_PATTERN,
  QUEST_FIELD_LIMITS,
  QUEST_FIELDS_NOT_BLANK,
  type Schema,
} from '@cityquest/contract';

/**
 * The quest form model both apps share: the explorer's create and edit forms and the console's edit form keep
 * the quest's own text fields (the contract's QuestEditableFields) the same way, send them the same way, and
 * place the server's field errors through a table each form types over its request bodies, so that a field
 * added to the contract fails the typecheck until each form decides where it goes (docs/dev/add-a-field.md).
 */

type Editable = Schema<'QuestEditableFields'>;
type EditableLimits = typeof QUEST_FIELD_LIMITS;

/** The keys of T whose values are free text (enums such as category and difficulty are not). */
type TextKeys<T> = { [K in keyof T]-?: string extends NonNullable<T[K]> ? K : never }[keyof T];

/** The quest's own free-text fields, as the contract names them. */
export type QuestTextField = TextKeys<Editable>;

/** A form keeps each text field as the text in its box. */
export type QuestTextValues = Record<QuestTextField, string>;

/**
 * The text fields that must not be blank: those the contract lists in QuestFieldsNotBlank, and the pincode, whose
 * pattern asks for a digit (docs/product-rules/quests.md#creating-a-quest). The others are optional.
 */
export type RequiredQuestTextField = Extract<
  QuestTextField,
  | keyof typeof QUEST_FIELDS_NOT_BLANK
  | {
      [K in keyof EditableLimits]: EditableLimits[K] extends { pattern: string } ? K : never;
    }[keyof EditableLimits]
>;
export type OptionalQuestTextField = Exclude<QuestTextField, RequiredQuestTextField>;

const limits: Record<string, { maxLength?: number; pattern?: string } | undefined> = QUEST_FIELD_LIMITS;

/**
 * Every text field of the contract is bounded (docs/product-rules/quests.md#field-limits), so the generated
 * limits name them all: this fails to compile when a text field has no bound or a bound is not on text.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyTextFieldIsBounded: Same<keyof EditableLimits, QuestTextField> = true;

/** Every text field, in the contract's order; one the contract adds is read and sent with no edit here. */
export const QUEST_TEXT_FIELDS = (everyTextFieldIsBounded ? Object.keys(limits) : []) as QuestTextField[];

export const isRequiredQuestText = (field: QuestTextField): field is RequiredQuestTextField =>
  Object.hasOwn(QUEST_FIELDS_NOT_BLANK, field) || Boolean(limits[field]?.pattern);

/** The most characters a text field takes, when the contract bounds it. */
export const questTextMaxLength = (field: QuestTextField): number | undefined => limits[field]?.maxLength;

/** A new quest's text fields: every box empty. */
export function emptyQuestText(): QuestTextValues {
  return Object.fromEntries(QUEST_TEXT_FIELDS.map((field) => [field, ''])) as QuestTextValues;
}

/** The text fields of a quest as the server answers it (a field it leaves out reads as empty). */
export function questTextOf(quest: Partial<Record<QuestTextField, string | null>>): QuestTextValues {
  return Object.fromEntries(QUEST_TEXT_FIELDS.map((field) => [field, quest[field] ?? ''])) as QuestTextValues;
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

/** A pincode as the contract takes it: digits only, at most 10 (docs/product-rules/quests.md#field-limits). */
export const isPincode = (text: string) => PINCODE_PATTERN.test(text.trim());
/** What a pincode box keeps of what was typed or found: its digits, at most 10. */
export const pincodeDigits = (text: string) => text.replace(/\D/g, '').slice(0, PINCODE_DIGITS);
export { PINCODE_DIGITS };

/**
 * Where a form shows the errors of each field of its request bodies: the name of the form value that carries
 * it, or null when the form has no place for it (the error then shows above the form). Each form types its
 * table `satisfies ErrorPlaces<Body, Values>`, so a body field the contract adds must be placed before it
 * compiles.
 */
export type ErrorPlaces<Body, Values> = Record<keyof Body & string, (keyof Values & string) | null>;

/**
 * The form value under which a server field error shows: the server names a field (`title`) or a place in a
 * list (`tags.2`, `tasks.1.hint`); its first part is looked up in the form's table.
 */
export function errorPlaceOf<Values>(
  places: Record<string, (keyof Values & string) | null>,
  field: string,
): (keyof Values & string) | null {
  const [first = ''] = field.split('.');
  return Object.hasOwn(places, first) ? (places[first] ?? null) : null;
}
