import type { ApiError } from '@cityquest/web-client';

/**
 * Where a refusal shows on a form: its field errors on the fields the form shows go under those fields, and a
 * refusal that names none of them is the banner's message.
 */
export function placeOnForm(
  error: ApiError | null,
  shows: (field: string) => boolean,
): { fields: Record<string, string>; banner: string | null } {
  if (!error) return { fields: {}, banner: null };
  const fields = error.fieldErrors.filter((fieldError) => shows(fieldError.field));
  return {
    fields: Object.fromEntries(fields.map((fieldError) => [fieldError.field, fieldError.message])),
    banner: fields.length === 0 ? error.message : null,
  };
}
