import { Alert, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { questTitle } from './quest-labels.ts';
import { type AdminQuest, useDeleteQuest } from './quests-api.ts';

type Options = { onDeleted: (quest: AdminQuest) => void; onClose: () => void };

/**
 * Deleting asks once more: it removes the quest and everything attached to it for good
 * (docs/product-rules/moderation.md#admin-quest-deletion). The dialog stays open while the call runs and shows a
 * failure in place, so the admin can try again or cancel.
 */
export function useConfirmDeleteQuest() {
  const { t } = useTranslation();
  const remove = useDeleteQuest();

  return (quest: AdminQuest, { onDeleted, onClose }: Options) => {
    const title = questTitle(quest, t);
    const buttons = (deleting: boolean) => ({
      confirmProps: { color: 'red', loading: deleting },
      cancelProps: { disabled: deleting, 'data-autofocus': true },
    });
    const body = (error?: string) => (
      <Stack gap="md">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('moderation.deleteModal.question', { title })}
        </Text>
        <Alert
          color="red"
          variant="light"
          role="note"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        >
          {t('moderation.deleteModal.warning')}
        </Alert>
        {error && (
          <ErrorBanner
            title={t('moderation.error')}
            message={error}
            dismissLabel={t('moderation.dismiss')}
            onDismiss={() => modals.updateModal({ modalId, children: body() })}
          />
        )}
      </Stack>
    );
    const modalId: string = modals.openConfirmModal({
      title: t('moderation.deleteModal.title'),
      closeButtonProps: { 'aria-label': t('common.close') },
      children: body(),
      labels: { confirm: t('moderation.deleteModal.confirm'), cancel: t('moderation.deleteModal.cancel') },
      ...buttons(false),
      closeOnConfirm: false,
      onConfirm: () => {
        modals.updateModal({ modalId, children: body(), ...buttons(true) });
        remove.mutateAsync(quest._id).then(
          () => {
            modals.close(modalId);
            onDeleted(quest);
          },
          (error: Error) =>
            modals.updateModal({
              modalId,
              children: body(t('moderation.failed.delete', { message: error.message })),
              ...buttons(false),
            }),
        );
      },
      onClose,
    });
  };
}
