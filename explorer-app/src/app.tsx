import { accessibleColors, cityQuestTheme } from '@cityquest/shared-ui';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <MantineProvider
      theme={cityQuestTheme}
      cssVariablesResolver={accessibleColors}
      defaultColorScheme="light"
    >
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
