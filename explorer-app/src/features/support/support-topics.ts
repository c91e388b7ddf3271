// What the support page's guides and FAQ cover: the topics, each guide's and answer's i18n key by topic.
import { IconAward, IconMap2, IconRocket, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type TablerIcon = ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;

export const TOPICS = ['gettingStarted', 'quests', 'progress', 'friends', 'account'] as const;
export type Topic = (typeof TOPICS)[number];

export const TOPIC_ICONS: Record<Topic, TablerIcon> = {
  gettingStarted: IconRocket,
  quests: IconMap2,
  progress: IconAward,
  friends: IconUsers,
  account: IconShieldLock,
};

export const ARTICLES: readonly { key: string; topic: Topic }[] = [
  { key: 'createAccount', topic: 'gettingStarted' },
  { key: 'firstQuest', topic: 'gettingStarted' },
  { key: 'ongoingLimit', topic: 'quests' },
  { key: 'proofs', topic: 'quests' },
  { key: 'createQuest', topic: 'quests' },
  { key: 'xpLevels', topic: 'progress' },
  { key: 'badges', topic: 'progress' },
  { key: 'addFriends', topic: 'friends' },
  { key: 'reviews', topic: 'friends' },
  { key: 'privacy', topic: 'account' },
  { key: 'password', topic: 'account' },
];

export const FAQ: Record<Topic, readonly string[]> = {
  gettingStarted: ['free', 'needAccount', 'verify'],
  quests: ['howMany', 'proofReview', 'duration'],
  progress: ['levelUp', 'noXp', 'ranks'],
  friends: ['visibility', 'remove'],
  account: ['preferences', 'delete', 'data'],
};
