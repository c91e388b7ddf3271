import { accessibleColors, ModalsHost } from '@cityquest/shared-ui';
import { forgetOnAccountChange } from '@cityquest/web-client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuthStore } from './lib/auth-store.ts';
import { themeFor } from './lib/theme.ts';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  const { queryClient } = router.options.context;
  useEffect(() => forgetOnAccountChange(useAuthStore, queryClient), [queryClient]);
  const role = useAuthStore((state) => state.userData?.role);
  // Light or dark follows the signed-in user's settings from the server; signed out, the console is light.
  const colorScheme = useAuthStore((state) => state.userData?.settings.appPreferences.theme);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={themeFor(role)}
        cssVariablesResolver={accessibleColors}
        defaultColorScheme="light"
        forceColorScheme={colorScheme}
      >
        <RouterProvider router={router} />
        <ModalsHost />
      </MantineProvider>
    </QueryClientProvider>
  );
}
