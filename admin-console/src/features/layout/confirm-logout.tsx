import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

/**
 * The console's one logout flow, used by the top bar and the mobile menu: 'Log out?', and confirming always ends
 * the session on this device, whatever the server answers.
 */
export function useConfirmLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () =>
    modals.openConfirmModal({
      title: t('logout.title'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: <Text>{t('logout.message')}</Text>,
      labels: { confirm: t('logout.confirm'), cancel: t('common.cancel') },
      cancelProps: { 'data-autofocus': true },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        // Leave the guarded screens first, so the guard does not answer the ended session with a redirect back.
        await navigate({ to: '/login' });
        await useAuthStore.getState().logout();
      },
    });
}
