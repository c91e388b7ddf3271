import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

/** 'Log out?': confirming always ends the session on this device, whatever the server answers. */
export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const [busy, setBusy] = useState(false);

  async function onConfirm() {
    setBusy(true);
    // Leave the guarded screens first, so the guard does not answer the ended session with a redirect back here.
    await navigate({ to: '/login' });
    await logout();
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
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm}>
          {t('logout.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
