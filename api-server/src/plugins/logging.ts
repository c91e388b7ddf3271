import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Never written to the log: credentials, codes and tokens wherever a log call puts a request body or headers
 * (pino's paths match one level per `*`).
 */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'confirmNewPassword',
  'resetCode',
  'verificationCode',
  'accessToken',
  'refreshToken',
  'token',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

type LoggedError = {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  query?: string;
  cause?: LoggedError;
};

/** Properties of an error that name what failed without carrying values (PostgreSQL's own field names). */
const SAFE_PROPERTIES = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
] as const;

/**
 * Errors as logged: type, message, stack, a few descriptive fields and the cause, and nothing else. A failed
 * query (drizzle's DrizzleQueryError) keeps its SQL text but never its parameters, which hold whatever was
 * being written (password hashes, emails, codes); its message, which repeats them, is rebuilt from the query.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const record = error as Error & Record<string, unknown>;
  const message = error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message;
  const logged: LoggedError & Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    // The stack starts with the message: keep only its frames.
    stack: [
      `${error.name}: ${message}`,
      ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)),
    ].join('\n'),
  };
  if (typeof record.query === 'string') logged.query = record.query;
  for (const name of SAFE_PROPERTIES) if (record[name] !== undefined) logged[name] = record[name];
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Query parameters that are credentials wherever they appear: an unsubscribe link's 90-day token, for one. */
const SECRET_PARAMETERS: ReadonlySet<string> = new Set(['token']);

/** A query parameter's name as the query parser reads it: `+` as a space, percent escapes decoded, any case. */
function parameterName(part: string): string {
  const raw = (part.split('=')[0] ?? '').replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * The address as logged (docs/ops/security.md#input-and-logs). A file under /uploads/ loses its query string,
 * which for proof photos and bug screenshots is the signature that opens them (plugins/private-files.ts) and
 * must not outlive the answer in the logs; any spelling the router could still serve (percent-encoded, upper
 * case, extra slashes) counts. Elsewhere a `token` parameter, the unsubscribe link's bearer token on the API and
 * on the app's own page, is logged as `token=[redacted]`, other parameters as they came.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const path = url.slice(0, queryAt);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the path as written.
  }
  if (/^\/+uploads\//i.test(decoded)) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      const name = parameterName(part);
      return SECRET_PARAMETERS.has(name) ? `${part.split('=')[0]}=[redacted]` : part;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Fastify's own request serializer (fastify/lib/logger-pino.js), with the URL as loggedUrl gives it; a log
 * call may pass any object as `req`, which comes out as Fastify's would.
 */
export function serializeRequest(request: Partial<FastifyRequest>) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? loggedUrl(request.url) : request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's pino options: the level, the redactions and the request and error serializers, over any given by a caller. */
export function loggerOptions(
  level: string,
  given: FastifyServerOptions['logger'] | undefined,
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const own = typeof given === 'object' ? given : {};
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...own,
    serializers: { ...own.serializers, req: serializeRequest as never, err: serializeError as never },
  };
}
