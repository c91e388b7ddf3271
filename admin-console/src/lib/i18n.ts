import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}
