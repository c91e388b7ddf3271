import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FieldError, HttpError } from '../lib/http-error.ts';
import { describeSchemaErrors, type SchemaError } from '../lib/validation-messages.ts';

export function sendError(reply: FastifyReply, statusCode: number, message: string, errors?: FieldError[]) {
  return reply
    .code(statusCode)
    .type('application/json')
    .send({ success: false, statusCode, message, ...(errors?.length ? { errors } : {}) });
}

function classify(
  error: FastifyError | HttpError,
  request: FastifyRequest,
): {
  statusCode: number;
  message: string;
  errors?: FieldError[];
} {
  if (error instanceof HttpError)
    return { statusCode: error.statusCode, message: error.message, errors: error.errors };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    // Documented wording applies to bodies; parameters keep the generic messages.
    const inBody = fastifyError.validationContext === 'body';
    const errors = describeSchemaErrors(
      fastifyError.validation as SchemaError[],
      inBody ? request.routeOptions.config.documentedMessages : undefined,
      inBody ? (request.body as Record<string, unknown> | undefined) : undefined,
    );
    return { statusCode: 400, message: errors[0]?.message ?? 'Invalid request', errors };
  }
  // A full disk (or quota) while storing an upload: the services write files before rows, so nothing changed.
  if (fastifyError.code === 'ENOSPC' || fastifyError.code === 'EDQUOT') {
    return {
      statusCode: 507,
      message: 'There is no room to store this upload right now. Nothing was changed.',
    };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) return { statusCode: 413, message: 'The request is too large' };
  // 415 is kept for files that are not accepted images (docs/product-rules/api-shapes.md#status-codes); a
  // body sent in a type the operation does not read is a bad request like any other malformed body.
  if (status === 415) return { statusCode: 400, message: 'Unsupported content type' };
  if (status === 429) return { statusCode: 429, message: fastifyError.message };
  if (status >= 400 && status < 500)
    return { statusCode: status, message: fastifyError.message || 'Bad request' };
  return { statusCode: 500, message: 'Something went wrong on our side. Please try again.' };
}

/**
 * Failures the router answers before any route runs (a malformed percent-escape, an overlong path parameter):
 * the same envelope, as 400, instead of Fastify's own body (and its undeclared 414).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The address is malformed';
  return sendError(reply, 400, message);
}

/** Every failure leaves as the error envelope (docs/product-rules/api-shapes.md#envelopes). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, message, errors } = classify(error, request);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof HttpError) reply.headers(error.headers);
    return sendError(reply, statusCode, message, errors);
  });
});
