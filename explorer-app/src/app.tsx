import { accessibleColors, cityQuestTheme } from '@cityquest/shared-ui';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

export function App() {
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
