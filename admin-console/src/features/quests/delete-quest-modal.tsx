import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { questTitle } from './quest-labels.ts';
import { QuestModal, type QuestModalState } from './quest-modal.tsx';
import { type AdminQuest, questsApi } from './quests-api.ts';
import { useQuestAction } from './use-quest-action.ts';

type Props = {
  quest: AdminQuest | null;
  modal: QuestModalState;
  onDeleted: (quest: AdminQuest) => void;
};

/** Deleting asks once more: it removes the quest and everything attached to it for good. */
export function DeleteQuestModal({ quest, modal, onDeleted }: Props) {
  const { t } = useTranslation();
  return (
    <QuestModal quest={quest} modal={modal} title={t('moderation.deleteModal.title')}>
      {(shown) => (
        <DeleteConfirm key={shown._id} quest={shown} onCancel={modal.onClose} onDeleted={onDeleted} />
      )}
    </QuestModal>
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
