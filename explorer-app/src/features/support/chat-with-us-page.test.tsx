import { aUser } from '@cityquest/contract/testing/users';
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';
import type { SupportConversation, SupportMessage } from './support-api.ts';

const me = aUser();
const explorer = { _id: me._id, username: me.username, fullName: me.fullName, avatar: null };
const priya = {
  _id: '2b6d8f10-4a3c-4e5f-8a7b-9c0d1e2f3a41',
  username: 'priya',
  fullName: 'Priya Nair',
  avatar: null,
};
const GREETING = 'Hi! This is the CityQuest support team. How can we help you today?';

let nextId = 1;
function message(overrides: Partial<SupportMessage> & Pick<SupportMessage, 'text'>): SupportMessage {
  const n = String(nextId++).padStart(12, '0');
  return {
    _id: `9d3e5f70-1b2c-4d3e-8f4a-${n}`,
    fromTeam: false,
    author: explorer,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

function conversation(
  messages: SupportMessage[],
  overrides: Partial<SupportConversation> = {},
): SupportConversation {
  return {
    _id: 'c0a8e1f2-3b4c-4d5e-9f60-718293a4b5c6',
    status: 'open',
    explorer,
    messages,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

const question = message({ text: 'My proof photo upload keeps failing at the market.' });
const answer = message({
  fromTeam: true,
  author: priya,
  text: 'Sorry about that! Which browser do you use?',
  createdAt: '2026-11-20T10:00:00.000Z',
});

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
  signInAs(me);
});
afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

const posted = () =>
  api.calls.filter((call) => call.method === 'POST' && call.path === '/support/conversation/messages');
const fetched = () =>
  api.calls.filter((call) => call.method === 'GET' && call.path === '/support/conversation');
const box = () => screen.findByRole('textbox', { name: 'Your message' });
/** The chat's bubbles in order, each as its sender line and text. */
async function bubbles() {
  const log = await screen.findByRole('region', { name: 'Conversation with the support team' });
  return within(log)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('Chat with Us', () => {
  it('greets first, then shows the conversation oldest first with the team replies labelled', async () => {
    const unsigned = message({
      fromTeam: true,
      author: null,
      text: '<b>Try Chrome</b>, please.',
      createdAt: '2026-11-20T10:05:00.000Z',
    });
    api.on('GET', '/support/conversation', () => ok(conversation([question, answer, unsigned])));
    renderApp('/chat-support');
    expect(await screen.findByText(GREETING)).toBeInTheDocument();
    expect(await bubbles()).toEqual([
      `CityQuest team${GREETING}`,
      `You · Nov 20, 2026, 09:30${question.text}`,
      `Priya Nair · Nov 20, 2026, 10:00${answer.text}`,
      // A reply whose admin account is gone is the team's; text shows as typed, never as markup.
      'CityQuest team · Nov 20, 2026, 10:05<b>Try Chrome</b>, please.',
    ]);
    expect(screen.queryByText(/closed by the team/)).not.toBeInTheDocument();
  });

  it('shows only the greeting before any conversation', async () => {
    api.on('GET', '/support/conversation', () => ok(null));
    renderApp('/chat-support');
    expect(await bubbles()).toEqual([`CityQuest team${GREETING}`]);
  });

  it('sends the trimmed text with Enter, shows the answered conversation and clears the box', async () => {
    const user = userEvent.setup();
    api.on('GET', '/support/conversation', () => ok(conversation([question, answer])));
    const mine = message({ text: 'Firefox on Android.', createdAt: '2026-11-20T10:10:00.000Z' });
    api.on('POST', '/support/conversation/messages', () => ok(conversation([question, answer, mine])));
    renderApp('/chat-support');
    const input = await box();
    await user.type(input, '  Firefox{Shift>}{Enter}{/Shift}');
    expect(posted()).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '  Firefox on Android.  {Enter}');
    expect(await screen.findByText('Firefox on Android.')).toBeInTheDocument();
    expect(posted().map((call) => call.body)).toEqual([{ text: 'Firefox on Android.' }]);
    expect(input).toHaveValue('');
    expect((await bubbles()).at(-1)).toBe('You · Nov 20, 2026, 10:10Firefox on Android.');
    // The answer went into the cache: no second read was needed to show it.
    expect(fetched()).toHaveLength(1);
  });

  it('sends nothing blank', async () => {
    const user = userEvent.setup();
    api.on('GET', '/support/conversation', () => ok(null));
    renderApp('/chat-support');
    const input = await box();
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(posted()).toHaveLength(0);
  });

  it("shows the server's message when it refuses, keeping the draft", async () => {
    const user = userEvent.setup();
    api.on('GET', '/support/conversation', () => ok(conversation([question])));
    api.on('POST', '/support/conversation/messages', () =>
      fail(
        429,
        'You have reached the limit of 30 messages to the team per account per hour. Please try again in 12 minutes.',
      ),
    );
    renderApp('/chat-support');
    const input = await box();
    await user.type(input, 'Anyone there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('limit of 30 messages to the team');
    expect(input).toHaveValue('Anyone there?');
    expect(input).toHaveFocus();
    expect(screen.queryByText('Anyone there?', { selector: 'li *' })).not.toBeInTheDocument();
  });

  it("puts the server's problem with the text under the box", async () => {
    const user = userEvent.setup();
    api.on('GET', '/support/conversation', () => ok(null));
    api.on('POST', '/support/conversation/messages', () =>
      fail(400, 'Please keep your message under 2,000 characters.', [
        { field: 'text', message: 'Please keep your message under 2,000 characters.' },
      ]),
    );
    renderApp('/chat-support');
    const input = await box();
    await user.type(input, 'Hello{Enter}');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('Please keep your message under 2,000 characters.'),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the team closed the conversation, and writing again starts a new one', async () => {
    const user = userEvent.setup();
    api.on('GET', '/support/conversation', () =>
      ok(conversation([question, answer], { status: 'closed', closedAt: '2026-11-21T08:00:00.000Z' })),
    );
    const fresh = message({ text: 'One more thing.', createdAt: '2026-11-22T08:00:00.000Z' });
    api.on('POST', '/support/conversation/messages', () =>
      ok(conversation([fresh], { _id: 'd1b9f2a3-4c5d-4e6f-8a7b-8c9d0e1f2a3b' })),
    );
    renderApp('/chat-support');
    expect(
      await screen.findByText('This conversation was closed by the team. Write again to start a new one.'),
    ).toBeInTheDocument();
    await user.type(await box(), 'One more thing.{Enter}');
    await waitFor(() => expect(screen.queryByText(/closed by the team/)).not.toBeInTheDocument());
    expect(await bubbles()).toEqual([
      `CityQuest team${GREETING}`,
      'You · Nov 22, 2026, 08:00One more thing.',
    ]);
  });

  it('asks for replies every 15 seconds and announces a new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let messages = [question];
    api.on('GET', '/support/conversation', () => ok(conversation(messages)));
    renderApp('/chat-support');
    expect(await screen.findByText(question.text)).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');

    messages = [question, answer];
    await vi.advanceTimersByTimeAsync(14_000);
    expect(screen.queryByText(answer.text)).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await screen.findByText(answer.text)).toBeInTheDocument();
    expect(status).toHaveTextContent(`New reply from Priya Nair: ${answer.text}`);
  });

  it('does not ask while the tab is in the background', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.on('GET', '/support/conversation', () => ok(conversation([question])));
    renderApp('/chat-support');
    expect(await screen.findByText(question.text)).toBeInTheDocument();
    const before = fetched().length;
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(fetched()).toHaveLength(before);
  });
});
