import { Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

/**
 * The one logout flow (header menu and small-screen menu): 'Log out?', then the session ends, even when the
 * server's logout call fails, and the user goes to /login.
 */
export function useConfirmLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The header is in the first download; @mantine/modals (and Mantine's modal with it) loads once needed.
  return async () => {
    const { modals } = await import('@mantine/modals');
    modals.openConfirmModal({
      title: t('logout.title'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: <Text>{t('logout.message')}</Text>,
      labels: { confirm: t('logout.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await useAuthStore.getState().logout();
        await navigate({ to: '/login' });
      },
    });
  };
}
