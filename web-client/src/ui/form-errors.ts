import { ApiError } from '../errors.ts';

/** A refusal split by where it shows: messages under the form's own fields, and what is left for the banner. */
export type PlacedErrors = { fields: Record<string, string>; banner: string | null };

/**
 * Where a refusal shows on a form (docs/product-rules/messages.md#how-errors-reach-the-screen): its field errors
 * on the fields the form `shows` go under those fields, and the banner carries the error's message when some
 * problem has no field on this form (or none was named). `fallback` stands in for an empty message.
 */
export function placeOnForm(error: unknown, shows: (field: string) => boolean, fallback = ''): PlacedErrors {
  if (!error) return { fields: {}, banner: null };
  const message = (error instanceof Error && error.message) || fallback;
  if (!(error instanceof ApiError)) return { fields: {}, banner: message };
  const placed = error.fieldErrors.filter((problem) => shows(problem.field));
  const allPlaced = placed.length > 0 && placed.length === error.fieldErrors.length;
  return {
    fields: Object.fromEntries(placed.map((problem) => [problem.field, problem.message])),
    banner: allPlaced ? null : message,
  };
}

type Form = { values: object; setErrors: (errors: Record<string, string>) => void };

/**
 * Puts a failed call's field errors under the @mantine/form form's own fields (a field is the form's when its
 * values have it) and answers the banner's message, or null when every problem found its field.
 */
export function placeErrors(form: Form, error: unknown, fallback: string): string | null {
  const { fields, banner } = placeOnForm(error, (field) => field in form.values, fallback);
  if (Object.keys(fields).length > 0) form.setErrors(fields);
  return banner;
}
