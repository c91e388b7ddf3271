import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

// English ships with the entry; the other languages load when first chosen, keeping the entry small.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
};

/** Every user-facing string of the explorer app goes through here; English is the documents' wording. */
export function initI18n() {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}

/** Switches the whole UI to a language, loading its strings first when needed. */
export async function applyLanguage(language: string | undefined): Promise<void> {
  const next = LANGUAGES.includes(language as Language) ? (language as Language) : 'en';
  if (next !== 'en' && !i18n.hasResourceBundle(next, 'translation')) {
    const { default: strings } = await LOADERS[next]();
    i18n.addResourceBundle(next, 'translation', strings);
  }
  if (i18n.language !== next) await i18n.changeLanguage(next);
  document.documentElement.lang = next;
}

export { i18n };
