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

/**
 * Namespaces that travel, every language at once, in the lazy chunk of the one area that uses them
 * (`addBundledStrings`): the update prompt (`app`), the sign-in and password screens, the settings screen, the
 * help chat's panel, the info pages and the ways to reach the team. Their screens need no loader, and the entry
 * carries none of their strings.
 */
type BundledNamespace = 'app' | 'account' | 'chatbot' | 'info' | 'contact' | 'settings';

// English `translation` is bundled above, so it needs no loader, nor do the bundled namespaces. Each loader here
// costs the entry bytes it does not have.
const localeFiles = import.meta.glob<{ default: object }>([
  './locales/*/*.json',
  '!./locales/translation/en.json',
  '!./locales/app/*.json',
  '!./locales/account/*.json',
  '!./locales/chatbot/*.json',
  '!./locales/info/*.json',
  '!./locales/contact/*.json',
  '!./locales/settings/*.json',
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

/** Adds a bundled namespace's strings (see `BundledNamespace`) once, before the first screen that reads them. */
export function addBundledStrings(namespace: BundledNamespace, strings: Record<Language, object>) {
  initI18n();
  for (const [language, bundle] of Object.entries(strings))
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
}

/** Switches the whole UI to a language, loading its strings first when needed. */
export async function applyLanguage(language: string | undefined): Promise<void> {
  const next = LANGUAGES.includes(language as Language) ? (language as Language) : 'en';
  if (i18n.language !== next) await i18n.changeLanguage(next);
  document.documentElement.lang = next;
}

export { i18n };
