import { addBundledStrings } from '../../lib/i18n.ts';
import en from '../../lib/locales/account/en.json';
import es from '../../lib/locales/account/es.json';
import fr from '../../lib/locales/account/fr.json';

// The sign-in, sign-up, email code and password screens' strings, every language, travel with those screens, not
// in the entry.
addBundledStrings('account', { en, es, fr });

/** The account screens' namespaces: their own strings, then the shared ones (`translation:`). */
export const ACCOUNT_NAMESPACES = ['account', 'translation'] as const;
