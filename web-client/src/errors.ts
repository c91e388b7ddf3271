type ErrorBody = { message?: unknown };

/**
 * The one error-to-message rule of both SPAs: show the server's `message` when present, else the
 * call's fallback (docs/product-rules/messages.md#how-errors-reach-the-screen).
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (error && typeof error === 'object') {
    const message = (error as ErrorBody).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** Thrown by `unwrap` so stores can keep the HTTP status next to the message. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: { field: string; message: string }[];
  constructor(message: string, status: number, fieldErrors: { field: string; message: string }[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

type FetchResult<T> = { data?: { data: T; message: string }; error?: unknown; response: Response };

/**
 * Turns an openapi-fetch result into the success envelope's message and data, or throws an ApiError carrying
 * the server's message (else the fallback). A failed network call becomes an ApiError with status 0.
 */
export async function unwrapEnvelope<T>(
  call: Promise<FetchResult<T>>,
  fallback: string,
): Promise<{ message: string; data: T }> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch {
    throw new ApiError(fallback, 0);
  }
  if (result.data !== undefined) return { message: result.data.message, data: result.data.data };
  const body = result.error as { errors?: { field: string; message: string }[] } | undefined;
  throw new ApiError(getErrorMessage(result.error, fallback), result.response.status, body?.errors ?? []);
}

/** The payload's `data` of a successful call (see unwrapEnvelope for failures). */
export async function unwrap<T>(call: Promise<FetchResult<T>>, fallback: string): Promise<T> {
  return (await unwrapEnvelope(call, fallback)).data;
}
