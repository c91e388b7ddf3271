import type { Schema } from '@cityquest/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type Conversation = Schema<'SupportConversation'>;
type Message = Schema<'SupportMessage'>;
type UserSummary = Schema<'UserSummary'>;

const ASHA: UserSummary = {
  _id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82',
  username: 'asha',
  fullName: 'Asha Verma',
  avatar: null,
};
const RAVI: UserSummary = {
  _id: '3c4d5e6f-7081-4b92-8c3d-4e5f6a7b8c93',
  username: 'ravi',
  fullName: null,
  avatar: null,
};
const MEERA: UserSummary = {
  _id: '4d5e6f70-8192-4ca3-9d4e-5f6a7b8c9da4',
  username: 'meera',
  fullName: 'Meera Admin',
  avatar: null,
};

const UPLOAD = '5e6f7081-92a3-4db4-8e5f-6a7b8c9dae15';
const MAP = '6f708192-a3b4-4ec5-9f6a-7b8c9daebf26';
const OLD = '708192a3-b4c5-4fd6-8a7b-8c9daebfc037';

function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    _id: crypto.randomUUID(),
    fromTeam: false,
    author: ASHA,
    text: 'My proof photo upload keeps failing at the market.',
    createdAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: UPLOAD,
    status: 'open',
    explorer: ASHA,
    messages: [
      aMessage({ text: 'My proof photo upload keeps failing at the market.' }),
      aMessage({
        fromTeam: true,
        author: MEERA,
        text: 'Which phone do you use?',
        createdAt: '2026-11-26T08:05:00.000Z',
      }),
      aMessage({ text: 'A Pixel 7. It says <b>upload failed</b>.', createdAt: '2026-11-26T08:07:00.000Z' }),
    ],
    createdAt: '2026-11-26T08:00:00.000Z',
    updatedAt: '2026-11-26T08:07:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

const MAP_QUESTION = aConversation({
  _id: MAP,
  explorer: RAVI,
  messages: [
    aMessage({ author: RAVI, text: 'Can I play offline?', createdAt: '2026-11-26T07:00:00.000Z' }),
    aMessage({
      fromTeam: true,
      author: MEERA,
      text: 'Not yet, the map needs a connection.',
      createdAt: '2026-11-26T07:30:00.000Z',
    }),
  ],
  createdAt: '2026-11-26T07:00:00.000Z',
  updatedAt: '2026-11-26T07:30:00.000Z',
});

const CLOSED = aConversation({
  _id: OLD,
  status: 'closed',
  messages: [
    aMessage({ text: 'How do I change my username?', createdAt: '2026-11-20T10:00:00.000Z' }),
    aMessage({
      fromTeam: true,
      author: null,
      text: 'From Settings, Account.',
      createdAt: '2026-11-20T10:10:00.000Z',
    }),
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T11:00:00.000Z',
  closedAt: '2026-11-20T11:00:00.000Z',
});

let api: ReturnType<typeof setupApi>;
let queries: Record<string, string>[];

/** The inbox as the server keeps it: replies and closes change what later calls answer. */
function serveInbox(conversations: Conversation[], totalConversations?: number) {
  queries = [];
  const state = conversations.map((conversation) => structuredClone(conversation));
  const summary = (conversation: Conversation) => {
    const lastMessage = conversation.messages.at(-1) as Message;
    return {
      _id: conversation._id,
      status: conversation.status,
      explorer: conversation.explorer,
      lastMessage,
      messageCount: conversation.messages.length,
      awaitingReply: !lastMessage.fromTeam,
      updatedAt: conversation.updatedAt,
    };
  };
  api.on('GET', '/admin/support/conversations', (request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    const status = query.status ?? 'open';
    const shown = state.filter((conversation) => status === 'all' || conversation.status === status);
    const total = totalConversations ?? shown.length;
    const page = Number(query.page);
    return ok({
      conversations: shown.map(summary),
      pagination: {
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(total / 20)),
        totalConversations: total,
        hasNextPage: page * 20 < total,
        hasPreviousPage: page > 1,
      },
    });
  });
  for (const conversation of state) {
    api.on('GET', `/admin/support/conversations/${conversation._id}`, () => ok(conversation));
    api.on('POST', `/admin/support/conversations/${conversation._id}/messages`, (_request, body) => {
      if (conversation.status === 'closed') return fail(409, 'This conversation is closed');
      const now = new Date().toISOString();
      conversation.messages.push(
        aMessage({ fromTeam: true, author: MEERA, text: (body as { text: string }).text, createdAt: now }),
      );
      conversation.updatedAt = now;
      return ok(conversation);
    });
    api.on('PATCH', `/admin/support/conversations/${conversation._id}/close`, () => {
      if (conversation.status === 'closed') return fail(409, 'This conversation is closed');
      conversation.status = 'closed';
      conversation.closedAt = '2026-11-26T09:00:00.000Z';
      return ok(conversation);
    });
  }
  return state;
}

const listCalls = () =>
  api.calls.filter((call) => call.method === 'GET' && call.path === '/admin/support/conversations');

async function openInbox(path = '/admin/support') {
  signInAs('admin', { fullName: 'Meera Admin', username: 'meera' });
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Support Inbox' });
  return view;
}

async function openConversation(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `View conversation with ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Conversation with ${name}` });
  await within(dialog).findByRole('list', { name: 'Messages' });
  return dialog;
}

beforeEach(() => {
  api = setupApi();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('support inbox', () => {
  it('lists open conversations, marking those waiting for a reply', async () => {
    serveInbox([aConversation(), MAP_QUESTION]);
    await openInbox();
    const asha = await screen.findByRole('article', { name: 'Asha Verma' });
    expect(within(asha).getByText('@asha')).toBeInTheDocument();
    expect(within(asha).getByText('Open')).toBeInTheDocument();
    expect(within(asha).getByText('Waiting for a reply')).toBeInTheDocument();
    expect(within(asha).getByText('A Pixel 7. It says <b>upload failed</b>.')).toBeInTheDocument();
    expect(within(asha).getByText('Explorer:')).toBeInTheDocument();
    expect(within(asha).getByText('3 messages')).toBeInTheDocument();
    expect(within(asha).getByText(/^Last message /)).toHaveAttribute('datetime', '2026-11-26T08:07:00.000Z');

    // Ravi has no full name: his username names the card; the team spoke last, so nothing waits.
    const ravi = screen.getByRole('article', { name: 'ravi' });
    expect(within(ravi).queryByText('Waiting for a reply')).toBeNull();
    expect(within(ravi).getByText('Team:')).toBeInTheDocument();
    expect(within(ravi).getByText('2 messages')).toBeInTheDocument();
    expect(screen.getByText('2 open conversations')).toBeInTheDocument();
    expect(screen.getByText('Refreshed every 30 seconds')).toBeInTheDocument();
    expect(queries).toEqual([{ page: '1', limit: '20' }]);
  });

  it('filters by status, keeping it in the address and leaving the default out', async () => {
    serveInbox([aConversation(), CLOSED]);
    const { router } = await openInbox();
    await screen.findByRole('article', { name: 'Asha Verma' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'closed');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '20', status: 'closed' }));
    expect(router.state.location.search).toEqual({ status: 'closed' });
    const closed = await screen.findByText('1 closed conversation');
    expect(closed).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Asha Verma' });
    expect(within(card).getByText('Closed')).toBeInTheDocument();
    expect(within(card).queryByText('Waiting for a reply')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '20', status: 'all' }));
    expect(await screen.findByText('2 conversations')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByText('1 open conversation')).toBeInTheDocument();
  });

  it('opens at the status and page of the address', async () => {
    serveInbox([CLOSED], 25);
    await openInbox('/admin/support?status=closed&page=2');
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(queries[0]).toEqual({ page: '2', limit: '20', status: 'closed' });
    expect(screen.getByLabelText('Status')).toHaveValue('closed');
  });

  it('shows the whole thread, the explorer and the team told apart, the text as plain text', async () => {
    serveInbox([aConversation()]);
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    const messages = within(within(dialog).getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages).toHaveLength(3);
    expect(within(messages[0] as HTMLElement).getByText('Asha Verma (explorer)')).toBeInTheDocument();
    expect(
      within(messages[0] as HTMLElement).getByText('My proof photo upload keeps failing at the market.'),
    ).toBeInTheDocument();
    expect(within(messages[1] as HTMLElement).getByText('Meera Admin (team)')).toBeInTheDocument();
    expect(within(messages[1] as HTMLElement).getByText('Which phone do you use?')).toBeInTheDocument();
    const time = (messages[1] as HTMLElement).querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-11-26T08:05:00.000Z');
    expect(time?.textContent).toMatch(/Nov 26, 2026/);
    // Markup an explorer typed stays text.
    expect(
      within(messages[2] as HTMLElement).getByText('A Pixel 7. It says <b>upload failed</b>.'),
    ).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByLabelText('Your reply')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close conversation' })).toBeInTheDocument();
  });

  it('refuses a blank reply, then sends the trimmed text and shows it in the thread', async () => {
    serveInbox([aConversation()]);
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    const reply = within(dialog).getByLabelText('Your reply');
    await userEvent.type(reply, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(reply).toHaveAttribute('aria-invalid', 'true'));
    expect(reply).toHaveAccessibleDescription(expect.stringContaining('Please write a message.'));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    const before = listCalls().length;
    await userEvent.clear(reply);
    await userEvent.type(reply, '  Try again on Wi-Fi, please.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Try again on Wi-Fi, please.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: `/admin/support/conversations/${UPLOAD}/messages`,
        body: { text: 'Try again on Wi-Fi, please.' },
      }),
    ]);
    const messages = within(within(dialog).getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages).toHaveLength(4);
    expect(within(messages[3] as HTMLElement).getByText('Meera Admin (team)')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Reply sent.');
    expect(reply).toHaveValue('');
    // The list reloads: the card no longer waits for a reply.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Asha Verma', hidden: true })).queryByText(
          'Waiting for a reply',
        ),
      ).toBeNull(),
    );
  });

  it("shows the server's message when the conversation was closed meanwhile (409)", async () => {
    const [conversation] = serveInbox([aConversation()]);
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    // Another admin closes it while this one writes.
    if (conversation) {
      conversation.status = 'closed';
      conversation.closedAt = '2026-11-26T08:30:00.000Z';
    }
    await userEvent.type(within(dialog).getByLabelText('Your reply'), 'On it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Reply not sent');
    expect(alert).toHaveTextContent('This conversation is closed');
    // The conversation reloads as it now is: read-only.
    expect(await within(dialog).findByText(/^Closed on /)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Your reply')).toBeNull();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This conversation is closed');
  });

  it("puts the server's field errors on the reply box", async () => {
    serveInbox([aConversation()]);
    api.on('POST', `/admin/support/conversations/${UPLOAD}/messages`, () =>
      fail(400, 'Validation failed', [
        { field: 'text', message: 'Text must not contain control characters' },
      ]),
    );
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    const reply = within(dialog).getByLabelText('Your reply');
    await userEvent.type(reply, 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(reply).toHaveAttribute('aria-invalid', 'true'));
    expect(reply).toHaveAccessibleDescription(
      expect.stringContaining('Text must not contain control characters'),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("falls back to 'Failed to send reply'", async () => {
    serveInbox([aConversation()]);
    api.on('POST', `/admin/support/conversations/${UPLOAD}/messages`, () => ({ status: 500, body: {} }));
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    await userEvent.type(within(dialog).getByLabelText('Your reply'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Failed to send reply')).toBeInTheDocument();
  });

  it('takes a reply up to the contract limit of 2,000 characters', async () => {
    serveInbox([aConversation()]);
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    expect(within(dialog).getByLabelText('Your reply')).toHaveAttribute('maxlength', '2000');
  });

  it('closes a conversation after confirmation; it then reads as closed and leaves the open list', async () => {
    serveInbox([aConversation(), MAP_QUESTION]);
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    let confirm = await screen.findByRole('dialog', { name: 'Close conversation?' });
    expect(within(confirm).getByText('Close the conversation with Asha Verma?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close conversation?' })).toBeNull());
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    confirm = await screen.findByRole('dialog', { name: 'Close conversation?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close conversation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close conversation?' })).toBeNull());
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: `/admin/support/conversations/${UPLOAD}/close` }),
    ]);
    const shown = await screen.findByRole('dialog', { name: 'Conversation with Asha Verma' });
    expect(
      await within(shown).findByText('Conversation closed. Asha Verma is notified.'),
    ).toBeInTheDocument();
    expect(within(shown).getByText(/^Closed on Nov 26, 2026/)).toBeInTheDocument();
    expect(within(shown).queryByLabelText('Your reply')).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Close conversation' })).toBeNull();
    // The thread stays readable.
    expect(within(shown).getByText('Which phone do you use?')).toBeInTheDocument();

    await userEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Asha Verma' })).toBeNull());
    expect(screen.getByRole('article', { name: 'ravi' })).toBeInTheDocument();
    expect(screen.getByText('1 open conversation')).toBeInTheDocument();
  });

  it("keeps the confirmation open with the server's message when closing fails", async () => {
    serveInbox([aConversation()]);
    api.on('PATCH', `/admin/support/conversations/${UPLOAD}/close`, () =>
      fail(409, 'This conversation is closed'),
    );
    await openInbox();
    const dialog = await openConversation('Asha Verma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close conversation?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close conversation' }));
    expect(await within(confirm).findByText('This conversation is closed')).toBeInTheDocument();
    expect(within(confirm).getByText('Conversation not closed')).toBeInTheDocument();
  });

  it('shows a closed conversation read-only, with when it was closed', async () => {
    serveInbox([CLOSED]);
    await openInbox('/admin/support?status=closed');
    const dialog = await openConversation('Asha Verma');
    expect(within(dialog).getByText(/^Closed on Nov 20, 2026/)).toBeInTheDocument();
    expect(within(dialog).getByText('Support team')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Your reply')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close conversation' })).toBeNull();
  });

  it("says 'No open conversations' when none is open", async () => {
    serveInbox([]);
    await openInbox();
    expect(await screen.findByText('No open conversations')).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch conversations' and offers a retry", async () => {
    api.on('GET', '/admin/support/conversations', () => ({ status: 500, body: {} }));
    await openInbox();
    expect(await screen.findByText('Failed to fetch conversations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText('No open conversations')).toBeNull();
  });

  it("falls back to 'Failed to fetch conversation' in the dialog", async () => {
    serveInbox([aConversation()]);
    api.on('GET', `/admin/support/conversations/${UPLOAD}`, () => ({ status: 500, body: {} }));
    await openInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'View conversation with Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation with Asha Verma' });
    expect(await within(dialog).findByText('Failed to fetch conversation')).toBeInTheDocument();
  });

  it('refreshes the open list every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = serveInbox([MAP_QUESTION]);
    await openInbox();
    await screen.findByRole('article', { name: 'ravi' });
    expect(listCalls()).toHaveLength(1);

    state.push(aConversation());
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(listCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(await screen.findByRole('article', { name: 'Asha Verma' })).toBeInTheDocument();
  });

  it('is offered to admins and super admins from the navigation', async () => {
    serveInbox([]);
    signInAs('super_admin');
    renderApp('/admin/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Support' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support Inbox' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
  });
});
