import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../ui/confirm-action.tsx';
import type { Auth } from './auth.ts';

/**
 * The one logout flow of both apps (header, menus, top bar): 'Log out?', then the session ends on this device
 * whatever the server's logout call answered, the cache is cleared, and the user goes to /login
 * (docs/product-rules/routes.md#header-and-navigation). Each app passes its `useLogout`; the strings are the
 * apps' `logout.*` keys.
 */
export function createConfirmLogout(useLogout: Auth['useLogout']) {
  return function useConfirmLogout() {
    const { t } = useTranslation();
    const logout = useLogout();
    const confirmAction = useConfirmAction();
    return () =>
      confirmAction({
        title: t('logout.title'),
        body: t('logout.message'),
        confirmLabel: t('logout.confirm'),
        // Log out, clear, then navigate: the guards never see the ended session on a guarded screen.
        onConfirm: () => logout.mutateAsync({ to: '/login' }),
      });
  };
}
