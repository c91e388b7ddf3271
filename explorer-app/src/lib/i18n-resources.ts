import type { ParseKeys } from 'i18next';
import type account from './locales/account/en.json';
import type app from './locales/app/en.json';
import type badges from './locales/badges/en.json';
import type chatbot from './locales/chatbot/en.json';
import type contact from './locales/contact/en.json';
import type create from './locales/create/en.json';
import type info from './locales/info/en.json';
import type leaderboard from './locales/leaderboard/en.json';
import type legal from './locales/legal/en.json';
import type notifications from './locales/notifications/en.json';
import type play from './locales/play/en.json';
import type profile from './locales/profile/en.json';
import type quests from './locales/quests/en.json';
import type security from './locales/security/en.json';
import type settings from './locales/settings/en.json';
import type support from './locales/support/en.json';
import type translation from './locales/translation/en.json';

export type Resources = {
  translation: typeof translation;
  app: typeof app;
  account: typeof account;
  badges: typeof badges;
  chatbot: typeof chatbot;
  contact: typeof contact;
  create: typeof create;
  info: typeof info;
  leaderboard: typeof leaderboard;
  legal: typeof legal;
  notifications: typeof notifications;
  play: typeof play;
  profile: typeof profile;
  quests: typeof quests;
  security: typeof security;
  settings: typeof settings;
  support: typeof support;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
  }
}

/**
 * A key of a namespace's strings, checked against its English file: what a function answers when it picks a
 * string for a screen to translate.
 */
export type TranslationKey<NS extends keyof Resources = 'translation'> = ParseKeys<NS>;
