import { accessibleColors, cityQuestTheme, ModalsHost } from '@cityquest/shared-ui';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { LazyAppUpdate } from './features/app-update/lazy-app-update.tsx';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  const { queryClient } = router.options.context;
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={cityQuestTheme}
        cssVariablesResolver={accessibleColors}
        defaultColorScheme="light"
      >
        <RouterProvider router={router} />
        <ModalsHost />
        <LazyAppUpdate />
      </MantineProvider>
    </QueryClientProvider>
  );
}
