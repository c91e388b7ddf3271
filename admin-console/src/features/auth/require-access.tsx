import { Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAccess, type RequiredRole, safeRedirect } from '../../lib/admin-access.ts';
import { useAuthStore } from '../../lib/auth-store.ts';

/**
 * The guard's second half: beforeLoad decides when a route opens; this follows the session afterwards
 * (the user arriving after 'Loading...', or the session ending on a failed refresh).
 */
export function RequireAccess({ required, children }: { required: RequiredRole; children: ReactNode }) {
  const { t } = useTranslation();
  const access = useAuthStore((state) => checkAccess(state, required));
  // The screen on show, not the pending location: that becomes /login itself once the redirect starts.
  const href = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).href });
  if (access === 'signed-out') {
    return <Navigate to="/login" search={safeRedirect(href) ? { redirect: href } : {}} replace />;
  }
  if (access === 'denied') return <Navigate to="/access-denied" replace />;
  if (access === 'loading') {
    return (
      <Center component="main" mih="60dvh">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden="true" />
          <Text>{t('common.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  return children;
}
