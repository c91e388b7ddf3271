import { addBundledStrings } from '../../lib/i18n.ts';
import en from '../../lib/locales/contact/en.json';
import es from '../../lib/locales/contact/es.json';
import fr from '../../lib/locales/contact/fr.json';

// The strings of the ways to reach the team (contact, bug report, feedback, support chat), every language, travel
// with those pages, not in the entry.
addBundledStrings('contact', { en, es, fr });

/** The contact pages' namespaces: their own strings, then the shared ones (`translation:`). */
export const CONTACT_NAMESPACES = ['contact', 'translation'] as const;
