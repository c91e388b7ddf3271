import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Auth } from './auth.ts';

/**
 * The one logout flow of both apps (header, menus, top bar): 'Log out?', then the session ends on this device
 * whatever the server's logout call answered, the cache is cleared, and the user goes to /login
 * (docs/product-rules/routes.md#header-and-navigation). Each app passes its `useLogout`; the strings are the
 * apps' `logout.*` and `common.*` keys.
 */
export function createConfirmLogout(useLogout: Auth['useLogout']) {
  return function useConfirmLogout() {
    const { t } = useTranslation();
    const logout = useLogout();
    return () => {
      // @mantine/modals (and Mantine's modal with it) loads once needed: the header is in the first download.
      void import('@mantine/modals').then(({ modals }) =>
        modals.openConfirmModal({
          title: t('logout.title'),
          centered: true,
          closeButtonProps: { 'aria-label': t('common.close') },
          children: <Text>{t('logout.message')}</Text>,
          labels: { confirm: t('logout.confirm'), cancel: t('common.cancel') },
          cancelProps: { 'data-autofocus': true },
          confirmProps: { color: 'red' },
          // Log out, clear, then navigate: the guards never see the ended session on a guarded screen.
          onConfirm: () => void logout.mutateAsync({ to: '/login' }),
        }),
      );
    };
  };
}
