import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { questTitle } from './quest-labels.ts';
import { type AdminQuest, questsApi } from './quests-api.ts';
import { useQuestAction } from './use-quest-action.ts';

type Props = {
  quest: AdminQuest | null;
  modal: { opened: boolean; onClose: () => void; stackId: string };
  onDeleted: (quest: AdminQuest) => void;
};

/** Deleting asks once more: it removes the quest and everything attached to it for good. */
export function DeleteQuestModal({ quest, modal, onDeleted }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      {...modal}
      opened={modal.opened && quest !== null}
      title={t('moderation.deleteModal.title')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {quest && (
        <DeleteConfirm key={quest._id} quest={quest} onCancel={modal.onClose} onDeleted={onDeleted} />
      )}
    </Modal>
  );
}

function DeleteConfirm({
  quest,
  onCancel,
  onDeleted,
}: {
  quest: AdminQuest;
  onCancel: () => void;
  onDeleted: (quest: AdminQuest) => void;
}) {
  const { t } = useTranslation();
  const action = useQuestAction();
  const busy = action.busy !== null;

  async function onConfirm() {
    const deleted = await action.run('delete', quest._id, () => questsApi.remove(quest._id));
    if (deleted) onDeleted(quest);
  }

  return (
    <Stack gap="md">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {t('moderation.deleteModal.question', { title: questTitle(quest, t) })}
      </Text>
      <Alert
        color="red"
        variant="light"
        role="note"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      >
        {t('moderation.deleteModal.warning')}
      </Alert>
      {action.error && (
        <ErrorBanner
          title={t('moderation.error')}
          message={action.error}
          dismissLabel={t('moderation.dismiss')}
          onDismiss={action.dismissError}
        />
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {t('moderation.deleteModal.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={() => void onConfirm()}>
          {t('moderation.deleteModal.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
