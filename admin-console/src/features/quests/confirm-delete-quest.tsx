import { useConfirmAction } from '@cityquest/web-client/ui/confirm-action';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { questTitle } from './quest-labels.ts';
import { type AdminQuest, useDeleteQuest } from './quests-api.ts';

type Options = { onDeleted: (quest: AdminQuest) => void; onClose: () => void };

/**
 * Deleting asks once more: it removes the quest and everything attached to it for good
 * (docs/product-rules/moderation.md#admin-quest-deletion).
 */
export function useConfirmDeleteQuest() {
  const { t } = useTranslation();
  const remove = useDeleteQuest();
  const confirmAction = useConfirmAction();

  return (quest: AdminQuest, { onDeleted, onClose }: Options) =>
    confirmAction({
      title: t('moderation.deleteModal.title'),
      body: (
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
        </Stack>
      ),
      confirmLabel: t('moderation.deleteModal.confirm'),
      onConfirm: async () => {
        await remove.mutateAsync(quest._id);
        onDeleted(quest);
      },
      failure: (error) => t('moderation.failed.delete', { message: error.message }),
      onClose,
    });
}
