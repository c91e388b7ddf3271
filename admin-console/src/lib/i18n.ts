import { startI18n } from '@cityquest/web-client/ui/i18n';
import badges from './locales/badges.json';
import common from './locales/en.json';
import insights from './locales/insights.json';
import logs from './locales/logs.json';
import moderation from './locales/moderation.json';
import proofs from './locales/proofs.json';
import support from './locales/support.json';
import twoFactor from './locales/two-factor.json';
import users from './locales/users.json';

// One file per console area keeps each area's strings beside one another; they join one English namespace.
const en = { ...common, badges, insights, logs, moderation, proofs, support, twoFactor, users };

declare module 'i18next' {
  // i18next types its keys through interface merging.
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/**
 * The admin console is English only; its strings still live in one layer
 * (docs/product-rules/admin-screens.md#console-look).
 */
export function initI18n() {
  return startI18n({ resources: { en: { translation: en } } });
}
