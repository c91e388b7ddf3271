import type { AppConfig } from '../../config.ts';
import type { Mail } from '../../plugins/mail.ts';
import type { NotificationKind } from './notify.ts';

/** How a mail names the preference that sent it (docs/product-rules/social.md#notification-mail). */
export const KIND_NAMES: Record<NotificationKind, string> = {
  friendRequests: 'friend requests',
  questModeration: 'reviews of the quests you create',
  proofDecisions: 'decisions on your task proofs',
  badgesAndLevels: 'badges and levels',
};

/**
 * A queued notification as mail: the notice, a link into the app, and the way out without signing in, both as
 * a link in the text and as RFC 8058 one-click headers that mail programs show as their own Unsubscribe button.
 */
export function notificationMail(
  notice: {
    email: string;
    fullName: string;
    kind: NotificationKind;
    subject: string;
    text: string;
    link: string | null;
    unsubscribe: string;
  },
  urls: Pick<AppConfig, 'publicOrigin' | 'apiPublicUrl'>,
): Mail {
  const token = encodeURIComponent(notice.unsubscribe);
  const open = notice.link ? `\nOpen it in CityQuest: ${urls.publicOrigin}${notice.link}\n` : '';
  return {
    to: notice.email,
    subject: notice.subject,
    text:
      `Hi ${notice.fullName},\n\n${notice.text}\n${open}\nCityQuest\n\n` +
      `You get this mail because mail about ${KIND_NAMES[notice.kind]} is on in your notification settings.\n` +
      `Stop these mails: ${urls.publicOrigin}/unsubscribe?token=${token}\n`,
    headers: {
      'List-Unsubscribe': `<${urls.apiPublicUrl}/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
