import { addBundledStrings } from '../../lib/i18n.ts';
import en from '../../lib/locales/info/en.json';
import es from '../../lib/locales/info/es.json';
import fr from '../../lib/locales/info/fr.json';

// The about, compass and help-center pages' strings, every language, travel with these pages, not in the entry.
addBundledStrings('info', { en, es, fr });

/** The info pages' namespaces: their own strings, then the shared ones (`translation:`). */
export const INFO_NAMESPACES = ['info', 'translation'] as const;
