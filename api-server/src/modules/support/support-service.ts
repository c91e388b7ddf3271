import type { Schema } from '@cityquest/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { badRequest, type FieldError, fieldError } from '../../lib/http-error.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { saveAll } from '../../plugins/storage.ts';
import type { UserRow } from '../users/index.ts';
import { insertReport } from './reports-repository.ts';

// The contact form's and the bug report's own wording: docs/product-rules/messages.md#contact-form-messages
// and docs/product-rules/messages.md#bug-report-messages.
export const FILL_REQUIRED = 'Please fill in all required fields.';
export const MESSAGE_TOO_SHORT = 'Message must be at least 10 characters long.';
export const BUG_MESSAGES = {
  emailRequired: 'Please provide your email address',
  emailInvalid: 'Please provide a valid email address',
  subject: 'Please provide a subject for the bug report',
  description: 'Please provide a description of the bug',
  stepsToReproduce: 'Please provide steps to reproduce the bug',
} as const;

const ATTACHMENT_MAX_SIDE = 2048;

/**
 * The forms are public; a signed-in sender is recorded as the reporter, anything else as a visitor. Signed in
 * means what authentication checks (plugins/auth.ts): a live session of an active account, so a token whose
 * session ended (logout, password change, suspension) sends as a visitor rather than in the account's name.
 */
export async function optionalReporterId(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const claims = await ctx.tokens.verifyAccessToken(match[1]);
  if (!claims) return null;
  const account = await ctx.accounts.find(claims.userId, claims.sessionId);
  if (!account?.sessionLive || !account.user.accountVerified) return null;
  return account.user.id;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Support hears of every report by mail; the stored report is what counts, so a mail failure is logged. */
async function mailSupport(ctx: AppContext, subject: string, lines: string[]): Promise<void> {
  try {
    await ctx.mailer.send({ to: ctx.config.supportEmail, subject: oneLine(subject), text: lines.join('\n') });
  } catch (error) {
    ctx.log.error({ err: error }, 'could not mail the support address');
  }
}

/**
 * Screenshots are admin-only and their signed addresses expire within the hour, so the mail points support at the
 * report in the admin console rather than at the files.
 */
function attachmentLines(ctx: AppContext, count: number): string[] {
  if (!count) return [];
  const screenshots = count === 1 ? '1 screenshot' : `${count} screenshots`;
  return [
    '',
    `Attachments: ${screenshots}, shown with the report at ${ctx.config.adminOrigin}/admin/reports`,
  ];
}

/** Who sent a form: the signed-in reporter if any, and the client address the daily quotas count. */
export type Sender = { reporterId: string | null; clientAddress: string };

export async function sendContactMessage(
  ctx: AppContext,
  input: Schema<'ContactRequest'>,
  { reporterId, clientAddress }: Sender,
): Promise<string> {
  const name = input.name.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  const blank: FieldError[] = Object.entries({ name, email, message })
    .filter(([, value]) => !value)
    .map(([field]) => ({ field, message: FILL_REQUIRED }));
  if (blank.length) throw badRequest(FILL_REQUIRED, blank);
  if (message.length < 10) throw fieldError('message', MESSAGE_TOO_SHORT);
  const report = await insertReport(ctx.db, {
    type: 'contact_message',
    reporterId,
    clientAddress,
    name,
    email,
    subject: input.subject,
    message,
  });
  if (!report) throw new Error('insert returned no row');
  await mailSupport(ctx, `[CityQuest contact] ${input.subject} from ${name}`, [
    `Name: ${name}`,
    `Email: ${email}`,
    `Subject: ${input.subject}`,
    `Report: ${report.id}`,
    '',
    message,
  ]);
  return report.id;
}

export const FEEDBACK_EMPTY = 'Please give a rating or a comment.';

const FEEDBACK_CATEGORY_NAMES: Record<Schema<'FeedbackCategory'>, string> = {
  general: 'General Feedback',
  feature_request: 'Feature Request',
  bug_report: 'Bug Report',
  user_experience: 'User Experience',
  other: 'Other',
};

/** Feedback from a signed-in explorer: kept for the admins' Reports with its category and rating, and mailed. */
export async function sendFeedback(
  ctx: AppContext,
  input: Schema<'FeedbackRequest'>,
  sender: Pick<UserRow, 'id' | 'email' | 'fullName' | 'username'> & { clientAddress: string },
): Promise<string> {
  const comments = input.comments?.trim() ?? '';
  if (!comments && input.rating === undefined) throw fieldError('comments', FEEDBACK_EMPTY);
  const name = sender.fullName.trim() || sender.username;
  const subject = FEEDBACK_CATEGORY_NAMES[input.category];
  const details: Schema<'ReportDetails'> = { category: input.category };
  if (input.rating !== undefined) details.rating = input.rating;
  const report = await insertReport(ctx.db, {
    type: 'feedback',
    reporterId: sender.id,
    clientAddress: sender.clientAddress,
    name,
    email: sender.email,
    subject,
    message: comments,
    details,
  });
  if (!report) throw new Error('insert returned no row');
  await mailSupport(ctx, `[CityQuest feedback] ${subject} from ${sender.username}`, [
    `From: ${name} (${sender.username}, ${sender.email})`,
    `Category: ${subject}`,
    `Rating: ${input.rating === undefined ? 'none' : `${input.rating} of 5`}`,
    `Report: ${report.id}`,
    ...(comments ? ['', comments] : []),
  ]);
  return report.id;
}

export type BugReportInput = {
  email: string;
  subject: string;
  description: string;
  stepsToReproduce: string;
  expectedBehavior?: string;
  actualBehavior?: string;
  attachments: UploadedFile[];
};

/** Checked in the form's order, after trimming, so a blank field reads like a missing one. */
function checkBugReport(input: BugReportInput) {
  const fields = {
    email: input.email.trim(),
    subject: input.subject.trim(),
    description: input.description.trim(),
    stepsToReproduce: input.stepsToReproduce.trim(),
  };
  if (!fields.email) throw fieldError('email', BUG_MESSAGES.emailRequired);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email)) throw fieldError('email', BUG_MESSAGES.emailInvalid);
  if (!fields.subject) throw fieldError('subject', BUG_MESSAGES.subject);
  if (!fields.description) throw fieldError('description', BUG_MESSAGES.description);
  if (!fields.stepsToReproduce) throw fieldError('stepsToReproduce', BUG_MESSAGES.stepsToReproduce);
  return fields;
}

export async function reportBug(
  ctx: AppContext,
  input: BugReportInput,
  { reporterId, clientAddress }: Sender,
): Promise<string> {
  const fields = checkBugReport(input);
  const details: Schema<'ReportDetails'> = { stepsToReproduce: fields.stepsToReproduce };
  const expectedBehavior = input.expectedBehavior?.trim();
  const actualBehavior = input.actualBehavior?.trim();
  if (expectedBehavior) details.expectedBehavior = expectedBehavior;
  if (actualBehavior) details.actualBehavior = actualBehavior;

  // Every attachment is checked before any is stored, so a bad fifth file leaves nothing behind.
  const images = await Promise.all(
    input.attachments.map(
      async (file) => (await ctx.images.prepare(file.data, { maxSide: ATTACHMENT_MAX_SIDE })).processed,
    ),
  );
  const attachments: string[] = [];
  try {
    attachments.push(
      ...(await saveAll(
        ctx.storage,
        images.map((image) => ({ kind: 'reports' as const, data: image.data })),
      )),
    );
    const report = await insertReport(ctx.db, {
      type: 'bug_report',
      reporterId,
      clientAddress,
      email: fields.email,
      subject: fields.subject,
      message: fields.description,
      details,
      attachments,
    });
    if (!report) throw new Error('insert returned no row');
    await mailSupport(ctx, `[CityQuest bug] ${fields.subject}`, [
      `From: ${fields.email}`,
      `Report: ${report.id}`,
      '',
      'Description:',
      fields.description,
      '',
      'Steps to reproduce:',
      fields.stepsToReproduce,
      ...(expectedBehavior ? ['', 'Expected behaviour:', expectedBehavior] : []),
      ...(actualBehavior ? ['', 'Actual behaviour:', actualBehavior] : []),
      ...attachmentLines(ctx, attachments.length),
    ]);
    return report.id;
  } catch (error) {
    await Promise.all(attachments.map((url) => ctx.storage.remove(url).catch(() => undefined)));
    throw error;
  }
}
