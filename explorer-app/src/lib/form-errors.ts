import { ApiError } from '@cityquest/web-client';

type Form = { values: object; setErrors: (errors: Record<string, string>) => void };

/**
 * Puts a failed call's field errors (a 400's `errors`) under the form's own fields and answers what is left to
 * show above the form: the error's message when some problem has no field on this form (or none was named), else
 * null. `fallback` stands in for an empty message.
 */
export function placeErrors(form: Form, error: unknown, fallback: string): string | null {
  const message = (error instanceof Error && error.message) || fallback;
  if (!(error instanceof ApiError)) return message;
  const placed = error.fieldErrors.filter((problem) => problem.field in form.values);
  if (placed.length > 0) form.setErrors(Object.fromEntries(placed.map((e) => [e.field, e.message])));
  return placed.length > 0 && placed.length === error.fieldErrors.length ? null : message;
}
