import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

/** 'Log out?': after logout, or a failed logout call, the user goes to /login. */
export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const [busy, setBusy] = useState(false);

  async function onConfirm() {
    setBusy(true);
    await logout();
    setBusy(false);
    onClose();
    await navigate({ to: '/login' });
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('logout.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{t('logout.message')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {t('logout.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
