import { getErrorMessage, unwrap } from '@cityquest/openapi';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';

/** Confirms deleting one's own quest (DELETE /quests/{id}); the strings live in the 'create' namespace. */
export function DeleteQuestModal({
  quest,
  onClose,
  onDeleted,
}: {
  quest: { _id: string; title: string } | null;
  onClose: () => void;
  onDeleted: (quest: { _id: string; title: string }) => void;
}) {
  const { t } = useTranslation('create');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!quest) return;
    setSending(true);
    setError(null);
    try {
      await unwrap(
        api().DELETE('/quests/{id}', { params: { path: { id: quest._id } } }),
        t('myQuest.deleteFailed'),
      );
      onDeleted(quest);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure, t('myQuest.deleteFailed')));
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      opened={quest !== null}
      onClose={close}
      title={t('myQuest.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Text>{t('myQuest.deleteBody', { title: quest?.title ?? '' })}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t('myQuest.cancel')}
        </Button>
        <Button color="red" loading={sending} onClick={() => void confirm()}>
          {t('myQuest.confirmDelete')}
        </Button>
      </Group>
    </Modal>
  );
}
