import i18n, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Both apps' i18next: English first and as the fallback, React doing the escaping, and the app's strings in
 * `resources`. With a `backend`, those are only what the entry bundles, and the backend loads the other
 * namespaces and languages when a screen asks for them; without one, everything is there at once.
 * Each app types its keys (`CustomTypeOptions`) beside its locale files.
 */
export function startI18n({ resources, backend }: { resources: Resource; backend?: BackendModule }) {
  if (i18n.isInitialized) return i18n;
  if (backend) i18n.use(backend);
  void i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    ...(backend ? { partialBundledLanguages: true, ns: ['translation'] } : { initAsync: false }),
  });
  return i18n;
}
