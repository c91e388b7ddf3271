import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailsTo, registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { mailOutbox, notifications, users } from '../../db/schema.ts';
import type { Mail, MailSender } from '../../plugins/mail.ts';
import { MAX_ATTEMPTS } from './mail-outbox.ts';
import { notificationMail } from './notification-mail.ts';
import { type NotificationKind, notify } from './notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Explorer = Awaited<ReturnType<typeof registerVerified>>;
const KINDS: NotificationKind[] = ['friendRequests', 'questModeration', 'proofDecisions', 'badgesAndLevels'];
const setNotifications = (who: Explorer, notifications: object) =>
  t.request({
    method: 'POST',
    url: '/api/v1/users/settings',
    headers: bearer(who.session.accessToken),
    payload: { notifications },
  });
const bell = (who: Explorer) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, who.session.user._id));
const notice = (kind: NotificationKind) => ({
  type: 'system' as const,
  kind,
  title: `About ${kind}`,
  message: `Something about ${kind}.`,
});
/** Notification mails sent to the explorer's address (not the sign-up code), after the outbox sent what is due. */
async function mailed(app: TestApp, who: Explorer) {
  await app.app.mailOutbox.deliverDue();
  return (await mailsTo(app, who.email)).filter((mail) => !/verification code/.test(mail.subject));
}
const unsubscribeTokenOf = (text: string) => {
  const token = /\/unsubscribe\?token=(\S+)/.exec(text)?.[1];
  if (!token) throw new Error('no unsubscribe link in the mail');
  return decodeURIComponent(token);
};
const unsubscribeUrl = (token: string) =>
  `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

describe('notification preferences', () => {
  it('start with every kind in the bell and every kind but badges and levels mailed', async () => {
    const who = await registerVerified(t);
    const settings = await t.request({
      method: 'GET',
      url: '/api/v1/users/settings',
      headers: bearer(who.session.accessToken),
    });
    expect(settings.json().data.notifications).toEqual({
      email: true,
      friendRequests: { inApp: true, email: true },
      questModeration: { inApp: true, email: true },
      proofDecisions: { inApp: true, email: true },
      badgesAndLevels: { inApp: true, email: false },
    });
  });

  it('decide, kind by kind, which notices reach the bell and which are mailed', async () => {
    const who = await registerVerified(t);
    const changed = await setNotifications(who, {
      friendRequests: { inApp: false, email: true },
      questModeration: { inApp: true, email: false },
      proofDecisions: { inApp: false, email: false },
      badgesAndLevels: { inApp: true, email: true },
    });
    expect(changed.statusCode).toBe(200);
    for (const kind of KINDS) await notify(t.database.db, who.session.user._id, notice(kind));
    // A notice of no kind (an account notice) always reaches the bell and is never mailed.
    await notify(t.database.db, who.session.user._id, {
      type: 'system',
      title: 'Account notice',
      message: 'Hello.',
    });

    expect((await bell(who)).map((row) => row.title).sort()).toEqual(
      ['About badgesAndLevels', 'About questModeration', 'Account notice'].sort(),
    );
    expect((await mailed(t, who)).map((mail) => mail.subject).sort()).toEqual(
      ['About badgesAndLevels', 'About friendRequests'].sort(),
    );
  });

  it('mail nothing while mail is off, whatever each kind says', async () => {
    const who = await registerVerified(t);
    await setNotifications(who, { email: false });
    for (const kind of KINDS) await notify(t.database.db, who.session.user._id, notice(kind));
    expect(await mailed(t, who)).toEqual([]);
    expect(await bell(who)).toHaveLength(4);
  });

  it('follow a friend request through the API: mailed to the person asked, with a link into the app', async () => {
    const asking = await registerVerified(t);
    const asked = await registerVerified(t);
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/friends/request',
      headers: bearer(asking.session.accessToken),
      payload: { userId: asked.session.user._id },
    });
    expect(sent.statusCode).toBe(201);
    const [mail] = await mailed(t, asked);
    expect(mail?.subject).toBe('New friend request');
    expect(mail?.text).toContain(`Hi ${asked.fullName},`);
    expect(mail?.text).toContain(`Open it in CityQuest: ${t.config.publicOrigin}/profile`);
    expect(mail?.text).toContain('mail about friend requests is on');
  });

  it('queue nothing when the change that notified is rolled back', async () => {
    const who = await registerVerified(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, who.session.user._id, notice('friendRequests'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailed(t, who)).toEqual([]);
    expect(await bell(who)).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  async function mailedLink() {
    const who = await registerVerified(t);
    await notify(t.database.db, who.session.user._id, notice('proofDecisions'));
    const [mail] = await mailed(t, who);
    return { who, token: unsubscribeTokenOf(mail?.text ?? '') };
  }

  it('says what it turns off without signing in, turns off that mail only, and says so again when used twice', async () => {
    const { who, token } = await mailedLink();
    const described = await t.request({ method: 'GET', url: unsubscribeUrl(token) });
    expect(described.statusCode).toBe(200);
    expect(described.json().data).toEqual({
      kind: 'proofDecisions',
      email: `${who.email[0]}•••@example.com`,
      unsubscribed: false,
    });

    const done = await t.request({ method: 'POST', url: unsubscribeUrl(token) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.unsubscribed).toBe(true);
    expect((await t.request({ method: 'POST', url: unsubscribeUrl(token) })).json().data.unsubscribed).toBe(
      true,
    );
    const settings = await t.request({
      method: 'GET',
      url: '/api/v1/users/settings',
      headers: bearer(who.session.accessToken),
    });
    expect(settings.json().data.notifications).toMatchObject({
      email: true,
      proofDecisions: { inApp: true, email: false },
      friendRequests: { inApp: true, email: true },
    });
    await notify(t.database.db, who.session.user._id, notice('proofDecisions'));
    expect(await mailed(t, who)).toHaveLength(1);
  });

  it("takes a mail program's one-click POST (RFC 8058), a form no other operation accepts", async () => {
    const { token } = await mailedLink();
    const oneClick = await t.request({
      method: 'POST',
      url: unsubscribeUrl(token),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().data.unsubscribed).toBe(true);

    const formLogin = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=someone&password=whatever-it-is',
    });
    expect(formLogin.statusCode).toBe(400);
    expect(formLogin.json().message).toBe('Unsupported content type');
  });

  it('refuses an altered or expired token, and answers 404 once the account is gone', async () => {
    const { who, token } = await mailedLink();
    const altered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const tampered = await t.request({ method: 'POST', url: unsubscribeUrl(altered) });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(
      'This unsubscribe link is invalid or has expired. Change your mail in Settings instead.',
    );
    // An access token is not an unsubscribe token.
    expect(
      (await t.request({ method: 'GET', url: unsubscribeUrl(who.session.accessToken) })).statusCode,
    ).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 91 * 24 * 60 * 60 * 1000 });
    expect((await t.request({ method: 'POST', url: unsubscribeUrl(token) })).statusCode).toBe(400);
    vi.useRealTimers();

    const deleted = await t.request({
      method: 'DELETE',
      url: '/api/v1/users/delete-account',
      headers: bearer(who.session.accessToken),
      payload: { password: who.password, confirmDeletion: 'DELETE_MY_ACCOUNT' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: unsubscribeUrl(token) })).statusCode).toBe(404);
  });
});

describe('the mail outbox', () => {
  it('tries a failed send again later, sends it once, and gives up after 5 tries', async () => {
    let failures = 0;
    const delivered: Mail[] = [];
    const flaky: MailSender = {
      kind: 'outbox',
      async send(mail) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('the mail server is down');
        }
        delivered.push(mail);
      },
    };
    const app = await createTestApp({}, { mailer: flaky });
    try {
      const [user] = await app.database.db
        .insert(users)
        .values({
          username: 'mailtest',
          email: 'mailtest@example.com',
          fullName: 'Mail Test',
          passwordHash: 'x',
        })
        .returning();
      if (!user) throw new Error('no user');
      await notify(app.database.db, user.id, notice('friendRequests'));

      failures = 1;
      expect(await app.app.mailOutbox.deliverDue()).toBe(0);
      const [waiting] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
      expect(waiting).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
      expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: nothing is sent.
      expect(await app.app.mailOutbox.deliverDue()).toBe(0);

      await app.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() });
      expect(await app.app.mailOutbox.deliverDue()).toBe(1);
      expect(await app.app.mailOutbox.deliverDue()).toBe(0);
      expect(delivered.map((mail) => mail.subject)).toEqual(['About friendRequests']);
      expect(delivered[0]?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

      await notify(app.database.db, user.id, notice('questModeration'));
      failures = MAX_ATTEMPTS;
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        await app.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() });
        await app.app.mailOutbox.deliverDue();
      }
      const [abandoned] = await app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, 'About questModeration'));
      expect(abandoned?.attempts).toBe(MAX_ATTEMPTS);
      expect(abandoned?.failedAt).not.toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('notificationMail', () => {
  it('puts the unsubscribe link in the text and the one-click address in the List-Unsubscribe headers', () => {
    const mail = notificationMail(
      {
        email: 'asha@example.com',
        fullName: 'Asha Verma',
        kind: 'questModeration',
        subject: 'Quest approved',
        text: 'Your quest is live.',
        link: '/quest-overview/1',
        unsubscribe: 'a.b+c',
      },
      { publicOrigin: 'https://cityquest.example', apiPublicUrl: 'https://api.cityquest.example/api/v1' },
    );
    expect(mail.to).toBe('asha@example.com');
    expect(mail.text).toContain('Open it in CityQuest: https://cityquest.example/quest-overview/1');
    expect(mail.text).toContain('Stop these mails: https://cityquest.example/unsubscribe?token=a.b%2Bc');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://api.cityquest.example/api/v1/notifications/unsubscribe?token=a.b%2Bc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
