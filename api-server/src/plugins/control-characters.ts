import type { FastifyRequest } from 'fastify';
import { badRequest, type FieldError } from '../lib/http-error.ts';
import { fieldLabel } from '../lib/validation-messages.ts';

/**
 * C0 controls except tab, line feed and carriage return, DEL, and the C1 controls U+0080 to U+009F: the "Text
 * input" rule of openapi.yaml's description. PostgreSQL cannot store U+0000 in text or jsonb at all (the query
 * fails), and the others have no place in names, messages or searches, where they only hide text from the
 * people reading it (U+009B starts a terminal escape sequence, U+0085 breaks a line).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point here.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Header values without the C1 range: Node reads header bytes as Latin-1, so 0x80 to 0x9F there are the
 * continuation bytes of UTF-8 text, not controls.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point here.
const HEADER_CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

type Found = { field: string; message: string };

/** The name a person would recognise: 'tasks.2.description' reads as 'Description', 'tags.1' as 'Tags'. */
function labelOf(path: string): string {
  const named = path
    .split('.')
    .reverse()
    .find((segment) => !/^\d+$/.test(segment));
  return fieldLabel(named ?? path);
}

const inField = (field: string): Found => ({
  field,
  message: `${labelOf(field)} must not contain control characters`,
});

/** Multipart fields carry JSON text (tasks, tips, waypoints, points) that the services decode later. */
function decodedJson(text: string): unknown {
  if (!text.includes('\\') || !/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Every string (and object key) in a parsed value, JSON text included as what it decodes to, walked without
 * recursion so that deep nesting cannot overflow the stack.
 */
function scan(value: unknown, root: string, found: Found[]): void {
  const pending: { value: unknown; path: string }[] = [{ value, path: root }];
  while (pending.length) {
    const next = pending.pop() as { value: unknown; path: string };
    const at = (key: string) => (next.path ? `${next.path}.${key}` : key);
    if (typeof next.value === 'string') {
      if (CONTROL_CHARACTER.test(next.value)) found.push(inField(next.path || 'body'));
      else {
        const decoded = decodedJson(next.value);
        if (decoded !== undefined) pending.push({ value: decoded, path: next.path });
      }
    } else if (Array.isArray(next.value)) {
      next.value.forEach((item, index) => {
        pending.push({ value: item, path: at(String(index)) });
      });
    } else if (next.value && typeof next.value === 'object' && !Buffer.isBuffer(next.value)) {
      for (const [key, item] of Object.entries(next.value)) {
        if (CONTROL_CHARACTER.test(key)) found.push(inField(at(key.replace(CONTROL_CHARACTER, '?'))));
        else pending.push({ value: item, path: at(key) });
      }
    }
  }
}

/** The query parameters the operation reads; others are ignored, as the router ignores them. */
function declaredQuery(request: FastifyRequest): Record<string, unknown> {
  const schema = request.routeOptions.schema?.querystring as { properties?: object } | undefined;
  const declared = schema?.properties ?? {};
  return Object.fromEntries(
    Object.entries((request.query as Record<string, unknown> | undefined) ?? {}).filter(([name]) =>
      Object.hasOwn(declared, name),
    ),
  );
}

/**
 * One rule for every operation of the contract, run after the body (multipart included) is read and before
 * schema validation, so the answer names the field instead of failing a query later: headers, path and query
 * parameters, body fields and uploaded file names.
 */
export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  const found: Found[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    const values = Array.isArray(value) ? value : [value ?? ''];
    if (values.some((item) => HEADER_CONTROL_CHARACTER.test(item)))
      found.push({ field: name, message: `The ${name} header must not contain control characters` });
  }
  scan(request.params, '', found);
  scan(declaredQuery(request), '', found);
  scan(request.body, '', found);
  for (const [field, files] of Object.entries(request.uploads ?? {})) {
    if (files.some((file) => CONTROL_CHARACTER.test(file.filename)))
      found.push({
        field,
        message: `The file name in ${labelOf(field)} must not contain control characters`,
      });
  }
  if (found.length) {
    const errors: FieldError[] = found;
    throw badRequest(errors[0]?.message ?? 'Control characters are not allowed', errors);
  }
}
