import type { Schema } from '@cityquest/contract';
import type { TFunction } from 'i18next';
import type { SupportMessage } from './support-api.ts';

type UserSummary = Schema<'UserSummary'>;

/** A person by full name, else username; a deleted account reads 'Unknown User'. */
export const displayName = (user: UserSummary | null, t: TFunction) =>
  user ? user.fullName || user.username : t('missing.user');

/** Who wrote a message, saying whether it came from the explorer or the team (never by colour alone). */
export function authorLabel(message: SupportMessage, t: TFunction) {
  if (message.fromTeam)
    return message.author
      ? t('support.thread.fromTeam', { name: displayName(message.author, t) })
      : t('support.thread.team');
  return t('support.thread.fromExplorer', { name: displayName(message.author, t) });
}
