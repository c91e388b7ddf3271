import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { findUserById, mergeSettingsGroup, type UserRow, withDefaultSettings } from '../users/index.ts';

// docs/product-rules/social.md#notification-mail
const INVALID_LINK = 'This unsubscribe link is invalid or has expired. Change your mail in Settings instead.';
const ACCOUNT_GONE = 'There is no account for this unsubscribe link any more.';

/** a•••@example.com: enough for the owner to recognise, not enough to give the address to whoever holds the link. */
export function maskedEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

async function ownerOf(ctx: AppContext, token: string) {
  const claims = await ctx.tokens.verifyUnsubscribe(token);
  if (!claims) throw badRequest(INVALID_LINK, [{ field: 'token', message: INVALID_LINK }]);
  const user = await findUserById(ctx.db, claims.userId);
  if (!user) throw notFound(ACCOUNT_GONE);
  return { user, kind: claims.kind };
}

const describe = (user: UserRow, kind: Schema<'NotificationKind'>): Schema<'Unsubscribe'> => ({
  kind,
  email: maskedEmail(user.email),
  unsubscribed: !withDefaultSettings(user.settings).notifications[kind].email,
});

export async function describeUnsubscribe(ctx: AppContext, token: string): Promise<Schema<'Unsubscribe'>> {
  const { user, kind } = await ownerOf(ctx, token);
  return describe(user, kind);
}

/** Turns the kind's mail off, keeping its bell notices; doing it again changes nothing. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<Schema<'Unsubscribe'>> {
  const { user, kind } = await ownerOf(ctx, token);
  const { inApp } = withDefaultSettings(user.settings).notifications[kind];
  const updated = await mergeSettingsGroup(ctx.db, user.id, 'notifications', {
    [kind]: { inApp, email: false },
  });
  if (!updated) throw notFound(ACCOUNT_GONE);
  return describe(updated, kind);
}
