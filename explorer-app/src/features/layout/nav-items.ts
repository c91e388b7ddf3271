import type { TranslationKey } from '../../lib/i18n-resources.ts';
export type NavItem = { to: string; labelKey: TranslationKey };

/** docs/product-rules/routes.md#header-and-navigation: the visitor and the signed-in header links. */
export function navItemsFor(isAuthenticated: boolean): NavItem[] {
  return isAuthenticated
    ? [
        { to: '/explore', labelKey: 'nav.explore' },
        { to: '/my-quest', labelKey: 'nav.myQuest' },
        { to: '/compass', labelKey: 'nav.compass' },
      ]
    : [
        { to: '/', labelKey: 'nav.home' },
        { to: '/explore', labelKey: 'nav.explore' },
        { to: '/compass', labelKey: 'nav.compass' },
        { to: '/about-us', labelKey: 'nav.about' },
      ];
}
