/** Test double for the network under the real createApiClient: answers by method and path. */
type Handler = (
  request: Request,
  body: unknown,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

export type FakeApi = {
  calls: { method: string; path: string; body: unknown; auth: string | null }[];
  on(method: string, path: string, handler: Handler): void;
};

/** A fetch stub for the real createApiClient: answers by method and path, 404 otherwise. */
export function fakeApi(): FakeApi & { fetch: (request: Request) => Promise<Response> } {
  const handlers = new Map<string, Handler>();
  const calls: FakeApi['calls'] = [];
  return {
    calls,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    async fetch(request) {
      const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
      const type = request.headers.get('Content-Type') ?? '';
      const body = type.includes('application/json')
        ? await request.json()
        : type.includes('multipart')
          ? await request.formData()
          : undefined;
      calls.push({ method: request.method, path, body, auth: request.headers.get('Authorization') });
      const handler = handlers.get(`${request.method} ${path}`);
      const answer = handler
        ? await handler(request, body)
        : { status: 404, body: { success: false, statusCode: 404, message: 'Route not found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  };
}

export const ok = (data: unknown, message = 'OK') => ({
  status: 200,
  body: { success: true, statusCode: 200, message, data },
});
export const fail = (status: number, message: string) => ({
  status,
  body: { success: false, statusCode: status, message },
});
