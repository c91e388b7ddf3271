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
  // Modals, menus and drawers skip their animations for people who ask their system for reduced motion.
  respectReducedMotion: true,
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

/** The admin console's purple look for super admins (docs/product-rules/admin-screens.md#console-look). */
export const superAdminTheme: MantineThemeOverride = mergeThemeOverrides(
  cityQuestTheme,
  createTheme({ primaryColor: 'grape' }),
);

/**
 * Mantine's default dimmed grey, and the shade-9 text of light badges and buttons on their shade-1 background
 * (green 3.7:1, yellow 2.7:1), fall below WCAG AA contrast in the light scheme; both SPAs darken them. Of the
 * filled shade-9 colours, autoContrast gives white text to green, lime and orange, which measure 3.7 to 4.4:1, so
 * those backgrounds are darkened too, in both schemes (yellow gets black text and is fine as it is).
 */
const darkerFilled = Object.fromEntries(
  ['green', 'lime', 'orange'].map((name) => [
    `--mantine-color-${name}-filled`,
    `color-mix(in srgb, var(--mantine-color-${name}-9), black 25%)`,
  ]),
);

export const accessibleColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(theme.colors).map((name) => [
        `--mantine-color-${name}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${name}-9), black 40%)`,
      ]),
    ),
    ...darkerFilled,
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', ...darkerFilled },
});
