import multipart from '@fastify/multipart';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, HttpError, payloadTooLarge } from '../lib/http-error.ts';
import { describeSchemaErrors, fieldLabel } from '../lib/validation-messages.ts';

export type UploadedFile = { fieldname: string; filename: string; mimetype: string; data: Buffer };

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  'x-max-bytes'?: number;
  [key: string]: unknown;
};

type FileRule = { label: string; maxBytes: number; multiple: boolean; maxItems: number; required: boolean };

export type MultipartRule = {
  files: Map<string, FileRule>;
  validateFields: ValidateFunction;
  arrayFields: Set<string>;
};

declare module 'fastify' {
  interface FastifyRequest {
    uploads: Record<string, UploadedFile[]>;
  }
}

/** The validator of multipart fields; one per app, since Ajv keeps every schema it compiled. */
export function createMultipartValidator(): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true, strict: false });
  addFormats(ajv);
  return ajv;
}

const isBinary = (schema: JsonSchema | undefined) => schema?.type === 'string' && schema.format === 'binary';

/** Splits an operation's multipart schema into file rules (from format: binary and x-max-bytes) and field rules. */
export function compileMultipartRule(ajv: Ajv, schema: JsonSchema): MultipartRule {
  const files = new Map<string, FileRule>();
  const fieldProperties: Record<string, JsonSchema> = {};
  const arrayFields = new Set<string>();
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const multiple = property.type === 'array' && isBinary(property.items);
    if (isBinary(property) || multiple) {
      const source = multiple ? (property.items as JsonSchema) : property;
      files.set(name, {
        label: typeof property.title === 'string' ? property.title : fieldLabel(name),
        maxBytes: source['x-max-bytes'] ?? property['x-max-bytes'] ?? 10 * 1024 * 1024,
        multiple,
        maxItems: multiple ? (property.maxItems ?? 10) : 1,
        required: required.has(name),
      });
    } else {
      fieldProperties[name] = property;
      if (property.type === 'array') arrayFields.add(name);
    }
  }
  const fieldSchema = {
    ...schema,
    properties: fieldProperties,
    required: [...required].filter((name) => !files.has(name)),
  };
  return { files, validateFields: ajv.compile(fieldSchema), arrayFields };
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))}MB`;
}

/** Reads a multipart request into request.body (fields, validated) and request.uploads (buffers). */
export async function readMultipart(request: FastifyRequest, rule: MultipartRule): Promise<void> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data request');
  const largest = Math.max(1, ...[...rule.files.values()].map((file) => file.maxBytes));
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile[]> = {};
  const parts = request.parts({ limits: { fileSize: largest, files: 20, fields: 60, fieldSize: 200_000 } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const fileRule = rule.files.get(part.fieldname);
        if (!fileRule) {
          await part.toBuffer().catch(() => undefined);
          throw badRequest(`${part.fieldname} is not an accepted file field`, [
            { field: part.fieldname, message: `${part.fieldname} is not an accepted file field` },
          ]);
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch {
          throw payloadTooLarge(`${fileRule.label} must be less than ${megabytes(fileRule.maxBytes)}`);
        }
        if (data.length === 0) continue; // an empty file input sends a nameless, empty part
        if (data.length > fileRule.maxBytes) {
          throw payloadTooLarge(`${fileRule.label} must be less than ${megabytes(fileRule.maxBytes)}`);
        }
        const list = files[part.fieldname] ?? [];
        files[part.fieldname] = list;
        list.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
        if (list.length > fileRule.maxItems) {
          throw badRequest(`${fileRule.label} accepts at most ${fileRule.maxItems} file(s)`);
        }
      } else if (rule.arrayFields.has(part.fieldname)) {
        const values = (fields[part.fieldname] as unknown[] | undefined) ?? [];
        fields[part.fieldname] = [...values, part.value];
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // A body that is not well-formed multipart (no boundary, cut short) is the client's mistake, not a 500;
    // our own refusals and the plugin's limits (413) keep their status.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The form data is malformed or incomplete');
  }
  // Field and missing-file problems are reported together, so a form can show every problem at once.
  const fieldErrors = rule.validateFields(fields) ? [] : (rule.validateFields.errors ?? []);
  const missingFiles = [...rule.files]
    .filter(([name, fileRule]) => fileRule.required && !files[name]?.length)
    .map(([name]) => ({ keyword: 'required', instancePath: '', params: { missingProperty: name } }));
  if (fieldErrors.length || missingFiles.length) {
    const errors = describeSchemaErrors(
      [...fieldErrors, ...missingFiles],
      request.routeOptions.config.documentedMessages,
      fields,
    ).map((error) => {
      // A file without documented wording is named by its title ('Profile photo is required').
      const fileRule = rule.files.get(error.field);
      return fileRule && error.message === `${fieldLabel(error.field)} is required`
        ? { ...error, message: `${fileRule.label} is required` }
        : error;
    });
    throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
  }
  request.body = fields;
  request.uploads = files;
}

export const multipartPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('uploads', null as unknown as Record<string, UploadedFile[]>);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 20 } });
});
