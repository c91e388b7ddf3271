import { accessibleColors, ModalsHost } from '@cityquest/shared-ui';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useUser } from './lib/auth-api.ts';
import { themeFor } from './lib/theme.ts';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={router.options.context.queryClient}>
      <ThemedConsole router={router} />
    </QueryClientProvider>
  );
}

/** The theme follows the signed-in user (the current-user query), so it sits inside the query client. */
function ThemedConsole({ router }: { router: AppRouter }) {
  const user = useUser();
  // Light or dark follows the signed-in user's settings from the server; signed out, the console is light.
  const colorScheme = user?.settings.appPreferences.theme;
  return (
    <MantineProvider
      theme={themeFor(user?.role)}
      cssVariablesResolver={accessibleColors}
      defaultColorScheme="light"
      forceColorScheme={colorScheme}
    >
      <RouterProvider router={router} />
      <ModalsHost />
    </MantineProvider>
  );
}
