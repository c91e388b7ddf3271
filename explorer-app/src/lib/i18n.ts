import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Every user-facing string of the explorer app goes through here; English is the documents' wording. */
export function initI18n(language: Language = 'en') {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es }, fr: { translation: fr } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}

export function applyLanguage(language: string | undefined) {
  const next = LANGUAGES.includes(language as Language) ? (language as Language) : 'en';
  if (i18n.language !== next) void i18n.changeLanguage(next);
  document.documentElement.lang = next;
}

export { i18n };
