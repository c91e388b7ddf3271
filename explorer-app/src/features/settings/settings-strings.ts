import { addBundledStrings } from '../../lib/i18n.ts';
import en from '../../lib/locales/settings/en.json';
import es from '../../lib/locales/settings/es.json';
import fr from '../../lib/locales/settings/fr.json';

// The settings screen's strings, every language, travel with that screen, not in the entry.
addBundledStrings('settings', { en, es, fr });

/** The settings screen's namespaces: its own strings, then the shared ones (`translation:`). */
export const SETTINGS_NAMESPACES = ['settings', 'translation'] as const;
