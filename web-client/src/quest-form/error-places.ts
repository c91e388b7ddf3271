import { QUEST_TEXT_FIELDS, type QuestTextField } from './quest-text-fields.ts';

/**
 * Where a form shows the errors of each field of its request bodies: the name of the form value that carries
 * it, or null when the form has no place for it (the error then shows above the form). Each form types its
 * table `satisfies ErrorPlaces<Body, Values>`, so a body field the contract adds must be placed before it
 * compiles (docs/dev/add-a-field.md).
 */
export type ErrorPlaces<Body, Values> = Record<keyof Body & string, (keyof Values & string) | null>;

/** Each text field's errors show under its own box, in both apps: the forms spread this into their table. */
export const QUEST_TEXT_ERROR_PLACES = Object.fromEntries(
  QUEST_TEXT_FIELDS.map((field) => [field, field]),
) as { [Field in QuestTextField]: Field };

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

/** A refusal's field errors, split by where they show (docs/product-rules/messages.md#how-errors-reach-the-screen). */
export type PlacedFieldErrors = {
  /** The first message for each form path that holds one. */
  onFields: Record<string, string>;
  /** The messages no box holds, for the banner above the form. */
  unplaced: string[];
};

/** Splits field errors by the form path `pathOf` gives each (null: no box holds it). */
export function placeFieldErrors(
  fieldErrors: readonly { field: string; message: string }[],
  pathOf: (field: string) => string | null,
): PlacedFieldErrors {
  const onFields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const { field, message } of fieldErrors) {
    const path = pathOf(field);
    if (path) onFields[path] ??= message;
    else unplaced.push(message);
  }
  return { onFields, unplaced };
}
