import type { FieldError } from './http-error.ts';

export type SchemaError = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
};

/** 'fullName' -> 'Full name', 'confirmNewPassword' -> 'Confirm new password'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/^\//, '')
    .split('/')
    .pop()
    ?.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  if (!words) return 'Value';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldName(error: SchemaError): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  return error.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/**
 * Schema errors in the product's voice, so that 'Password must be at least 8 characters long',
 * 'Email is required' and 'Invalid email format' read as the product words them
 * (docs/product-rules/messages.md#validation-wording).
 */
export function describeSchemaError(error: SchemaError): FieldError {
  const field = fieldName(error);
  const label = fieldLabel(field.split('.').pop() ?? field);
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return { field, message: `${label} is required` };
    case 'additionalProperties':
      return { field, message: `${field} is not an accepted field` };
    case 'minLength':
      return {
        field,
        message:
          p.limit === 1 ? `${label} is required` : `${label} must be at least ${p.limit} characters long`,
      };
    case 'maxLength':
      return { field, message: `${label} must be at most ${p.limit} characters long` };
    case 'format':
      return p.format === 'email'
        ? { field, message: 'Invalid email format' }
        : { field, message: `${label} must be a valid ${p.format}` };
    case 'pattern':
      return { field, message: `${label} has an invalid format` };
    case 'enum':
      return {
        field,
        message: `${label} must be one of ${((p.allowedValues as unknown[]) ?? []).join(', ')}`,
      };
    case 'minimum':
    case 'exclusiveMinimum':
      return { field, message: `${label} must be at least ${p.limit}` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { field, message: `${label} must be at most ${p.limit}` };
    case 'type':
      return {
        field,
        message: `${label} must be ${p.type === 'integer' ? 'a whole number' : `a ${p.type}`}`,
      };
    case 'minItems':
      return { field, message: `${label} needs at least ${p.limit} item(s)` };
    case 'maxItems':
      return { field, message: `${label} accepts at most ${p.limit} item(s)` };
    default:
      return { field, message: `${label} ${error.message ?? 'is invalid'}` };
  }
}

/**
 * An operation's own validation messages, field by field and in the order of its form (the first field listed
 * is reported first: docs/product-rules/messages.md#validation-wording). `required` also answers for a value
 * that is blank once trimmed. The contract declares them as `x-messages` on the operation's request body.
 */
export type DocumentedMessages = Record<string, Partial<Record<'required' | (string & {}), string>>>;

const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && !value.trim());

/** Schema errors as field errors, in the operation's own wording and order where it declared them. */
export function describeSchemaErrors(
  errors: SchemaError[],
  messages?: DocumentedMessages,
  data?: Record<string, unknown> | null,
): FieldError[] {
  const described = errors.map((error) => ({ error, fieldError: describeSchemaError(error) }));
  if (!messages) return described.map(({ fieldError }) => fieldError);
  const order = Object.keys(messages);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return described
    .map(({ error, fieldError }) => {
      const wording = messages[fieldError.field];
      // A JSON body of `null` reaches here too: it has no fields to be blank.
      const blank = error.keyword === 'required' || (data != null && isBlank(data[fieldError.field]));
      const message = (blank ? wording?.required : undefined) ?? wording?.[error.keyword];
      return message ? { field: fieldError.field, message } : fieldError;
    })
    .sort((a, b) => rank(a.field) - rank(b.field));
}
