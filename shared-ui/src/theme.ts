import {
  type CSSVariablesResolver,
  createTheme,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from '@mantine/core';

/** CityQuest's brand: a teal primary with warm accents, shared by both SPAs. */
export const cityQuestTheme: MantineThemeOverride = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white button text and teal links above WCAG AA contrast on light and dark surfaces.
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
  },
  components: {
    // Mantine's focus placeholder is a focusable role=presentation child of role=menu, which axe reports
    // (aria-required-children); without it, opening a menu focuses the dropdown and arrows reach the items.
    // A plain object, not Menu.extend, so the theme does not pull Menu into the entry chunk.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
  colors: {
    difficultyEasy: [
      '#e6fcf0',
      '#c3f3d8',
      '#9be8bd',
      '#6fdc9f',
      '#4ad287',
      '#34c978',
      '#2bb86c',
      '#1f9d5a',
      '#138149',
      '#046636',
    ],
  },
});

/** The admin console's purple look for super admins (admin-and-moderation.md section 1). */
export const superAdminTheme: MantineThemeOverride = mergeThemeOverrides(
  cityQuestTheme,
  createTheme({ primaryColor: 'grape' }),
);

/** Mantine's default dimmed grey falls below AA contrast on white; both SPAs use a darker one. */
export const accessibleColors: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
