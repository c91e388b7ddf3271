import type { Schema } from '@cityquest/contract';

/** The PostgreSQL channel every API instance listens on. */
export const LIVE_CHANNEL = 'cityquest_live_events';

export type LiveEvent = Schema<'LiveEvent'>;

/** Who hears an event: one user, or every admin (the moderation queues). */
export type Audience = { userId: string } | 'moderators';

/** What travels on the channel: the event and its audience (`u` a user id, or null for moderators). */
export type Signal = { u: string | null; e: LiveEvent };

export const signalText = (audience: Audience, event: LiveEvent): string =>
  JSON.stringify({ u: audience === 'moderators' ? null : audience.userId, e: event } satisfies Signal);

/** The moderation queues changed: admins are told how many quests and proofs wait now. */
export const MODERATION = 'moderation';
