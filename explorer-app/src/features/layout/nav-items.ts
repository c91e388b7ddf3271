export type NavItem = { to: string; labelKey: string };

/** explorer-and-visitor.md section 2: the visitor and the signed-in header links. */
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
