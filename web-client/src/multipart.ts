type FormValue = string | number | boolean | Blob;

/** A multipart body as the contract types it: text and number fields, files as Blob, repeated fields as arrays. */
export type MultipartBody = Record<string, FormValue | FormValue[] | null | undefined>;

/**
 * openapi-fetch's `bodySerializer` for the contract's multipart/form-data operations, so a call passes its typed
 * body (`body: { ...fields, photos }, bodySerializer: toFormData`): arrays become repeated fields, numbers and
 * booleans text, and fields left undefined are left out.
 */
export function toFormData(body: MultipartBody): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      form.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}
