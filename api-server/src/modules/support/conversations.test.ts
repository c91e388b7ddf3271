import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { admin, call, type Explorer, idOf } from '../../../test/quest-fixtures.ts';
import { notifications } from '../../db/schema.ts';

// Chat with Us as a conversation with the team (docs/product-rules/social.md#support-conversations).

let t: TestApp;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await admin(t);
});
afterAll(() => t.close());

type Message = { fromTeam: boolean; text: string; author: { _id: string } | null };
type Conversation = { _id: string; status: string; messages: Message[]; closedAt: string | null };

async function write(who: Explorer, text: string): Promise<Conversation> {
  const response = await call(t, 'POST', '/support/conversation/messages', who, { text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
const mine = async (who: Explorer): Promise<Conversation | null> =>
  (await call(t, 'GET', '/support/conversation', who)).json().data;
const inbox = async (status = '') =>
  (await call(t, 'GET', `/admin/support/conversations${status && `?status=${status}`}`, moderator)).json()
    .data.conversations as {
    _id: string;
    awaitingReply: boolean;
    messageCount: number;
    lastMessage: Message;
  }[];

describe('an explorer writing to the team', () => {
  it('starts one conversation, keeps writing into it, and reads it back as plain text', async () => {
    const explorer = await registerVerified(t);
    expect(await mine(explorer)).toBeNull();
    const first = await write(explorer, '  My proof upload fails at <b>the market</b>.  ');
    expect(first).toMatchObject({ status: 'open', closedAt: null });
    expect(first.messages).toEqual([
      expect.objectContaining({
        fromTeam: false,
        text: 'My proof upload fails at <b>the market</b>.',
        author: expect.objectContaining({ _id: idOf(explorer) }),
      }),
    ]);
    const second = await write(explorer, 'It says the file is too large.');
    expect(second._id).toBe(first._id);
    expect((await mine(explorer))?.messages.map((message) => message.text)).toEqual([
      'My proof upload fails at <b>the market</b>.',
      'It says the file is too large.',
    ]);
  });

  it('never sees another explorer’s conversation', async () => {
    const [asha, ravi] = [await registerVerified(t), await registerVerified(t)];
    await write(asha, 'Asha needs help.');
    expect(await mine(ravi)).toBeNull();
    const own = await write(ravi, 'Ravi needs help too.');
    expect(own.messages.map((message) => message.text)).toEqual(['Ravi needs help too.']);
    const response = await call(t, 'GET', `/admin/support/conversations/${own._id}`, asha);
    expect(response.statusCode).toBe(403);
  });

  it('joins two first messages sent at once into one conversation', async () => {
    const explorer = await registerVerified(t);
    const [a, b] = await Promise.all([write(explorer, 'One'), write(explorer, 'Two')]);
    expect(a._id).toBe(b._id);
    expect((await mine(explorer))?.messages).toHaveLength(2);
  });

  it('refuses a blank or too long message', async () => {
    const explorer = await registerVerified(t);
    const blank = await call(t, 'POST', '/support/conversation/messages', explorer, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please write a message.');
    const long = await call(t, 'POST', '/support/conversation/messages', explorer, {
      text: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Please keep your message under 2,000 characters.');
    expect(await mine(explorer)).toBeNull();
  });
});

describe('the team answering', () => {
  it('lists waiting conversations, replies with a notification, and closes them', async () => {
    const explorer = await registerVerified(t);
    const started = await write(explorer, 'Where is my badge?');
    const waiting = (await inbox()).find((entry) => entry._id === started._id);
    expect(waiting).toMatchObject({ awaitingReply: true, messageCount: 1 });

    const replied = await call(t, 'POST', `/admin/support/conversations/${started._id}/messages`, moderator, {
      text: ' It arrives when the last proof is approved. ',
    });
    expect(replied.statusCode).toBe(201);
    const seen = await mine(explorer);
    expect(seen?.messages.at(-1)).toMatchObject({
      fromTeam: true,
      text: 'It arrives when the last proof is approved.',
      author: { _id: idOf(moderator) },
    });
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, idOf(explorer)), eq(notifications.title, 'The CityQuest team replied')),
      );
    expect(notice).toMatchObject({
      message: 'It arrives when the last proof is approved.',
      link: '/chat-support',
    });
    expect((await inbox()).find((entry) => entry._id === started._id)).toMatchObject({
      awaitingReply: false,
      messageCount: 2,
    });

    const closed = await call(t, 'PATCH', `/admin/support/conversations/${started._id}/close`, moderator);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect((await inbox()).some((entry) => entry._id === started._id)).toBe(false);
    expect((await inbox('closed')).some((entry) => entry._id === started._id)).toBe(true);
    for (const again of [
      await call(t, 'PATCH', `/admin/support/conversations/${started._id}/close`, moderator),
      await call(t, 'POST', `/admin/support/conversations/${started._id}/messages`, moderator, {
        text: 'Hi',
      }),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This conversation is closed');
    }
    // The explorer still reads how it ended; writing again starts a new conversation.
    expect((await mine(explorer))?.status).toBe('closed');
    const next = await write(explorer, 'One more question.');
    expect(next._id).not.toBe(started._id);
    expect(next.messages).toHaveLength(1);
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call(t, 'GET', `/admin/support/conversations/${id}`, moderator)).statusCode).toBe(404);
    const response = await call(t, 'POST', `/admin/support/conversations/${id}/messages`, moderator, {
      text: 'Hello',
    });
    expect(response.statusCode).toBe(404);
  });
});
