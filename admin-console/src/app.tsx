import { accessibleColors, cityQuestTheme, superAdminTheme } from '@cityquest/shared-ui';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useAuthStore } from './lib/auth-store.ts';
import type { createAppRouter } from './router.tsx';

/** Super admins work in the purple theme (admin-and-moderation.md section 1). */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const role = useAuthStore((state) => state.userData?.role);
  return (
    <MantineProvider
      theme={role === 'super_admin' ? superAdminTheme : cityQuestTheme}
      cssVariablesResolver={accessibleColors}
      defaultColorScheme="light"
    >
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
