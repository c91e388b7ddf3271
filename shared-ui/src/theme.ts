import { createTheme, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';

/** CityQuest's brand: a teal primary with warm accents, shared by both SPAs. */
export const cityQuestTheme: MantineThemeOverride = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
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
