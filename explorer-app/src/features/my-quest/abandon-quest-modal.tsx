import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { abandonQuest } from '../../lib/quests/quest-api.ts';

/** Confirms abandoning an ongoing quest (conventions.md section 3: DELETE /quest-progress/{questId}). */
export function AbandonQuestModal({
  quest,
  onClose,
  onAbandoned,
}: {
  quest: { _id: string; title: string } | null;
  onClose: () => void;
  onAbandoned: (questId: string) => void;
}) {
  const { t } = useTranslation('quests');
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
      await abandonQuest(quest._id);
      onAbandoned(quest._id);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to abandon quest');
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={quest !== null} onClose={close} title={t('myQuest.abandon.title')} centered>
      <Text>{t('myQuest.abandon.body', { title: quest?.title ?? '' })}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t('myQuest.abandon.cancel')}
        </Button>
        <Button color="red" loading={sending} onClick={() => void confirm()}>
          {t('myQuest.abandon.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
