import {
  PINCODE_DIGITS,
  PINCODE_PATTERN,
  QUEST_FIELD_LIMITS,
  QUEST_FIELDS_NOT_BLANK,
  type Schema,
} from '@cityquest/contract';

/**
 * The quest's own free-text fields (the contract's QuestEditableFields), as both apps' forms keep them. A field
 * the contract adds is read, checked and sent with no edit here (docs/dev/add-a-field.md).
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
type PatternedField = {
  [K in keyof EditableLimits]: EditableLimits[K] extends { pattern: string } ? K : never;
}[keyof EditableLimits];
export type RequiredQuestTextField = Extract<
  QuestTextField,
  keyof typeof QUEST_FIELDS_NOT_BLANK | PatternedField
>;
export type OptionalQuestTextField = Exclude<QuestTextField, RequiredQuestTextField>;

/** The contract's pattern of each text field that has one: a patterned field it adds needs its line here. */
const PATTERNS: Record<PatternedField, RegExp> = { pincode: PINCODE_PATTERN };

const limits: Record<string, { maxLength?: number; pattern?: string } | undefined> = QUEST_FIELD_LIMITS;

/**
 * Every text field of the contract is bounded (docs/product-rules/quests.md#field-limits), so the generated
 * limits name them all: this fails to compile when a text field has no bound or a bound is not on text.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyTextFieldIsBounded: Same<keyof EditableLimits, QuestTextField> = true;

/** Every text field, in the contract's order. */
export const QUEST_TEXT_FIELDS = (everyTextFieldIsBounded ? Object.keys(limits) : []) as QuestTextField[];

export const isRequiredQuestText = (field: QuestTextField): field is RequiredQuestTextField =>
  Object.hasOwn(QUEST_FIELDS_NOT_BLANK, field) || Object.hasOwn(PATTERNS, field);

/** The required text fields, in the contract's order. */
export const REQUIRED_QUEST_TEXT_FIELDS = QUEST_TEXT_FIELDS.filter(isRequiredQuestText);

/**
 * Whether a required field's box holds what the contract takes once trimmed: some text, and text matching the
 * field's pattern when it has one (the pincode's digits).
 */
export function isQuestTextAccepted(field: RequiredQuestTextField, text: string): boolean {
  const trimmed = text.trim();
  return Object.hasOwn(PATTERNS, field) ? PATTERNS[field as PatternedField].test(trimmed) : trimmed !== '';
}

/** What a box of the field takes: required or not, and its most characters (a pincode's most digits). */
export function questTextBox(field: QuestTextField): { required: boolean; maxLength: number | undefined } {
  return {
    required: isRequiredQuestText(field),
    maxLength: limits[field]?.maxLength ?? (field === 'pincode' ? PINCODE_DIGITS : undefined),
  };
}
