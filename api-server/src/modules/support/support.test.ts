import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif, multipart, type Part, png, registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { admin, call } from '../../../test/quest-fixtures.ts';
import { reports, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contact = (payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/v1/users/contact-us', payload, headers });

async function bugReport(parts: Part[], headers: Record<string, string> = {}) {
  const form = await multipart(parts);
  return t.request({
    method: 'POST',
    url: '/api/v1/users/report-bug',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

async function supportMail() {
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/dev/outbox?to=${encodeURIComponent(t.config.supportEmail)}`,
  });
  return response.json().data as { subject: string; text: string }[];
}

const reportRow = async (id: string) =>
  (await t.database.db.select().from(reports).where(eq(reports.id, id)))[0];
/** The reporter an admin sees on a report (GET /admin/reports, newest first). */
async function reporterSeenByAdmin(id: string, type: 'contact_message' | 'bug_report') {
  const page = (await call(t, 'GET', `/admin/reports?type=${type}`, await admin(t))).json().data;
  const report = page.reports.find((candidate: { _id: string }) => candidate._id === id);
  expect(report).toBeDefined();
  return report.reporter as { _id: string } | null;
}
const signOut = (who: Awaited<ReturnType<typeof registerVerified>>) =>
  call(t, 'POST', '/users/logout', who).then((response) => expect(response.statusCode).toBe(200));
const storedReports = () => {
  const dir = join(t.config.storageDir, 'reports');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

const message = {
  name: '  Asha Verma ',
  email: 'asha@example.com',
  subject: 'Partnership',
  message: 'We run food walks in Old Delhi and would love to list them.',
};

describe('contact form', () => {
  it('keeps the message as a contact_message report and mails the support address', async () => {
    const response = await contact(message);
    expect(response.statusCode).toBe(201);
    const id = response.json().data._id;
    expect(await reportRow(id)).toMatchObject({
      type: 'contact_message',
      status: 'open',
      name: 'Asha Verma',
      email: 'asha@example.com',
      subject: 'Partnership',
      message: message.message,
      reporterId: null,
    });
    const [mail] = await supportMail();
    expect(mail?.subject).toBe('[CityQuest contact] Partnership from Asha Verma');
    expect(mail?.text).toContain(message.message);
    expect(mail?.text).toContain(id);
  });

  it('records a signed-in sender as the reporter', async () => {
    const me = await registerVerified(t);
    const response = await contact(message, bearer(me.session.accessToken));
    expect((await reportRow(response.json().data._id))?.reporterId).toBe(me.session.user._id);
    const garbage = await contact(message, { authorization: 'Bearer nonsense' });
    expect((await reportRow(garbage.json().data._id))?.reporterId).toBeNull();
  });

  it('records a sender whose session ended, or whose account is suspended, as a visitor', async () => {
    const signedOut = await registerVerified(t);
    await signOut(signedOut);
    const afterLogout = await contact(message, bearer(signedOut.session.accessToken));
    expect(afterLogout.statusCode).toBe(201);
    expect(await reporterSeenByAdmin(afterLogout.json().data._id, 'contact_message')).toBeNull();

    const suspended = await registerVerified(t);
    await t.database.db
      .update(users)
      .set({ accountVerified: false })
      .where(eq(users.id, suspended.session.user._id));
    const whileSuspended = await contact(message, bearer(suspended.session.accessToken));
    expect(whileSuspended.statusCode).toBe(201);
    expect(await reporterSeenByAdmin(whileSuspended.json().data._id, 'contact_message')).toBeNull();
  });

  it.each([
    [{ ...message, name: '   ' }, 'Please fill in all required fields.'],
    [{ ...message, name: undefined }, 'Please fill in all required fields.'],
    [{ ...message, message: '' }, 'Please fill in all required fields.'],
    [{ ...message, message: 'Too short' }, 'Message must be at least 10 characters long.'],
    [{ ...message, message: '    short     ' }, 'Message must be at least 10 characters long.'],
    [{ ...message, email: 'not-an-email' }, 'Invalid email format'],
  ])('refuses %j', async (payload, expected) => {
    const response = await contact(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(expected);
  });

  it('is rate-limited per IP', async () => {
    const response = await contact(message);
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
  });
});

const validBug: Part[] = [
  { name: 'email', value: 'asha@example.com' },
  { name: 'subject', value: 'Map does not load' },
  { name: 'description', value: 'The explore map stays grey.' },
  { name: 'stepsToReproduce', value: 'Open Explore on Firefox for Android.' },
];

const without = (field: string, replacement?: string): Part[] =>
  validBug.flatMap((part) =>
    part.name !== field ? [part] : replacement === undefined ? [] : [{ name: field, value: replacement }],
  );

describe('bug reports', () => {
  it('stores the report with re-encoded attachments and mails the support address', async () => {
    const response = await bugReport([
      ...validBug,
      { name: 'expectedBehavior', value: 'The map shows quests.' },
      { name: 'actualBehavior', value: '' },
      { name: 'attachments', file: await jpegWithExif(), filename: 'a.jpg', type: 'image/jpeg' },
      { name: 'attachments', file: await png(), filename: 'b.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(
      'Bug report submitted successfully! Thank you for helping us improve the product.',
    );
    const row = await reportRow(response.json().data._id);
    expect(row).toMatchObject({
      type: 'bug_report',
      name: null,
      email: 'asha@example.com',
      subject: 'Map does not load',
      message: 'The explore map stays grey.',
      details: {
        stepsToReproduce: 'Open Explore on Firefox for Android.',
        expectedBehavior: 'The map shows quests.',
      },
    });
    expect(row?.attachments).toHaveLength(2);
    for (const url of row?.attachments ?? []) {
      const stored = await readFile(join(t.config.storageDir, url.replace('/uploads/', '')));
      expect((await sharp(stored).metadata()).format).toBe('webp');
      expect(stored.includes(Buffer.from('Secret Photographer'))).toBe(false);
    }
    const [mail] = await supportMail();
    expect(mail?.subject).toBe('[CityQuest bug] Map does not load');
    expect(mail?.text).toContain('Open Explore on Firefox for Android.');
    // Screenshots are admin-only: the mail points at the report in the admin console, not at the files.
    expect(mail?.text).toContain(
      `Attachments: 2 screenshots, shown with the report at ${t.config.adminOrigin}/admin/reports`,
    );
    expect(mail?.text).not.toContain('/uploads/');
  });

  it('records the signed-in sender as the reporter, and a sender whose session ended as a visitor', async () => {
    const me = await registerVerified(t);
    const signedIn = await bugReport(validBug, bearer(me.session.accessToken));
    expect((await reporterSeenByAdmin(signedIn.json().data._id, 'bug_report'))?._id).toBe(
      me.session.user._id,
    );
    await signOut(me);
    const afterLogout = await bugReport(validBug, bearer(me.session.accessToken));
    expect(afterLogout.statusCode).toBe(201);
    expect(await reporterSeenByAdmin(afterLogout.json().data._id, 'bug_report')).toBeNull();
  });

  it.each([
    ['no email', without('email'), 'Please provide your email address'],
    ['a blank email', without('email', '  '), 'Please provide your email address'],
    [
      'an invalid email before a missing subject',
      [...without('email', 'asha@').filter((p) => p.name !== 'subject')],
      'Please provide a valid email address',
    ],
    ['no subject', without('subject'), 'Please provide a subject for the bug report'],
    ['a blank subject', without('subject', '   '), 'Please provide a subject for the bug report'],
    ['no description', without('description'), 'Please provide a description of the bug'],
    ['blank steps', without('stepsToReproduce', ' '), 'Please provide steps to reproduce the bug'],
    ['nothing', [], 'Please provide your email address'],
  ])('checks in the documents’ order: %s', async (_case, parts, expected) => {
    const response = await bugReport(parts);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(expected);
  });

  it('accepts only images, at most 5 of at most 10MB each, storing nothing when one is refused', async () => {
    const before = storedReports();
    const image = await png();
    const attach = (file: Buffer): Part => ({
      name: 'attachments',
      file,
      filename: 'x.png',
      type: 'image/png',
    });
    const notImage = await bugReport([
      ...validBug,
      attach(image),
      attach(Buffer.from('%PDF-1.4 not an image')),
    ]);
    expect(notImage.statusCode).toBe(415);
    const six = await bugReport([...validBug, ...Array.from({ length: 6 }, () => attach(image))]);
    expect(six.statusCode).toBe(400);
    const huge = await bugReport([...validBug, attach(Buffer.alloc(10 * 1024 * 1024 + 1, 1))]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Attachment must be less than 10MB');
    expect(storedReports()).toBe(before);
  });
});

describe('POST /users/feedback', () => {
  it('keeps feedback for the admins with its category and rating, and mails the support address', async () => {
    const explorer = await registerVerified(t, { fullName: 'Meera <Iyer>' });
    const sent = await call(t, 'POST', '/users/feedback', explorer, {
      category: 'feature_request',
      rating: 4,
      comments: '  A night-walk category would be <b>lovely</b>.  ',
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().data._id as string;

    const page = (await call(t, 'GET', '/admin/reports?type=feedback', await admin(t))).json().data;
    expect(page.reports.find((report: { _id: string }) => report._id === id)).toMatchObject({
      type: 'feedback',
      status: 'open',
      name: 'Meera <Iyer>',
      email: explorer.email,
      subject: 'Feature Request',
      message: 'A night-walk category would be <b>lovely</b>.',
      details: { category: 'feature_request', rating: 4 },
      reporter: { _id: explorer.session.user._id },
    });
    const mail = (await supportMail()).find((each) => each.text.includes(`Report: ${id}`));
    expect(mail?.subject).toBe(`[CityQuest feedback] Feature Request from ${explorer.username}`);
    expect(mail?.text).toContain('Rating: 4 of 5');
    expect(mail?.text).toContain('A night-walk category would be <b>lovely</b>.');
  });

  it('takes a rating alone or a comment alone, and refuses neither', async () => {
    const explorer = await registerVerified(t);
    const send = (payload: object) => call(t, 'POST', '/users/feedback', explorer, payload);
    const rated = await send({ category: 'general', rating: 5 });
    expect(rated.statusCode).toBe(201);
    expect((await reportRow(rated.json().data._id))?.details).toEqual({ category: 'general', rating: 5 });
    const commented = await send({ category: 'other', comments: 'More quests in Pune, please.' });
    expect(commented.statusCode).toBe(201);
    expect((await reportRow(commented.json().data._id))?.details).toEqual({ category: 'other' });

    const reportRows = async () => (await t.database.db.select().from(reports)).length;
    const before = await reportRows();
    const neither = await send({ category: 'general', comments: '   ' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      message: 'Please give a rating or a comment.',
      errors: [{ field: 'comments', message: 'Please give a rating or a comment.' }],
    });
    const tooHigh = await send({ category: 'general', rating: 6 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe('A rating is 1 to 5 stars.');
    expect((await send({ category: 'praise', rating: 3 })).statusCode).toBe(400);
    expect(await reportRows()).toBe(before);
  });

  it('needs a signed-in explorer', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/feedback',
      payload: { category: 'general', rating: 5 },
    });
    expect(response.statusCode).toBe(401);
  });
});
