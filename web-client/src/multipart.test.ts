import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { toFormData } from './multipart.ts';

const noTokens = {
  getAccessToken: () => null,
  getRefreshToken: () => null,
  setTokens: () => {},
  clear: () => {},
};

/** The client as the SPAs use it, answering every call; `sent` is the last request the server received. */
function clientWithServer() {
  const server: { sent?: Request } = {};
  const client = createApiClient({
    baseUrl: 'http://api/api/v1',
    tokens: noTokens,
    fetch: async (request) => {
      server.sent = request;
      return Response.json(
        { success: true, statusCode: 201, message: 'ok', data: { _id: 'r1' } },
        { status: 201 },
      );
    },
  });
  return { client, server };
}

describe('toFormData', () => {
  it('sends a typed multipart body as form data: repeated files, text, and nothing for undefined fields', async () => {
    const { client, server } = clientWithServer();
    const screenshot = (name: string) =>
      new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await client.POST('/users/report-bug', {
      body: {
        email: 'asha@example.com',
        subject: 'Map is blank',
        description: 'The map stays grey.',
        stepsToReproduce: 'Open Explore.',
        expectedBehavior: undefined,
        attachments: [screenshot('one.png'), screenshot('two.png')],
      },
      bodySerializer: toFormData,
    });

    expect(server.sent?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await server.sent?.formData();
    expect(form?.get('subject')).toBe('Map is blank');
    expect(form?.has('expectedBehavior')).toBe(false);
    const files = form?.getAll('attachments') as File[];
    expect(files.map((file) => file.name)).toEqual(['one.png', 'two.png']);
    expect(files[0]?.size).toBe(4);
  });

  it('sends numbers as their text', () => {
    expect(toFormData({ xp: 40, title: 'Murals' }).get('xp')).toBe('40');
  });
});
