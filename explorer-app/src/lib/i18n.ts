import { LANGUAGES, type Language } from '@cityquest/contract';
import { startI18n } from '@cityquest/web-client/ui/i18n';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import en from './locales/translation/en.json';

/**
 * Namespaces besides the default `translation`: each lives in `locales/<namespace>/<language>.json` and is loaded
 * with the screens that use it (route `loader: () => loadNamespaces('quests')`), so the entry carries only the
 * English strings of the shell and public pages.
 */
export const NAMESPACES = [
  'quests',
  'play',
  'badges',
  'profile',
  'create',
  'support',
  'leaderboard',
  'security',
  'notifications',
  'legal',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

// English `translation` is bundled above, so it needs no loader; `app` (the update prompt's strings) travels in
// that prompt's own lazy chunk (features/app-update). Each loader here costs the entry bytes it does not have.
const localeFiles = import.meta.glob<{ default: object }>([
  './locales/*/*.json',
  '!./locales/translation/en.json',
  '!./locales/app/*.json',
]);

function loadLocale(language: string, namespace: string) {
  const load = localeFiles[`./locales/${namespace}/${language}.json`];
  if (!load) return Promise.reject(new Error(`No strings for ${namespace}/${language}`));
  return load().then((module) => module.default);
}

/** Every user-facing string of the explorer app goes through here (docs/product-rules/explorer-screens.md#languages). */
export function initI18n() {
  return startI18n({ resources: { en: { translation: en } }, backend: resourcesToBackend(loadLocale) });
}

/** Loads the strings of lazily shipped namespaces (in the current language and English) before a screen renders. */
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  initI18n();
  await i18n.loadNamespaces(namespaces);
}

/** Switches the whole UI to a language, loading its strings first when needed. */
export async function applyLanguage(language: string | undefined): Promise<void> {
  const next = LANGUAGES.includes(language as Language) ? (language as Language) : 'en';
  if (i18n.language !== next) await i18n.changeLanguage(next);
  document.documentElement.lang = next;
}

export { i18n };
