import { unwrap } from '@cityquest/openapi';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { ConfirmModal } from './confirm-modal.tsx';

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
  return (
    <ConfirmModal
      opened={quest !== null}
      title={t('myQuest.deleteTitle')}
      cancelLabel={t('myQuest.cancel')}
      confirmLabel={t('myQuest.confirmDelete')}
      closeLabel={t('close')}
      errorFallback={t('myQuest.deleteFailed')}
      onConfirm={async () => {
        if (!quest) return;
        await unwrap(
          api().DELETE('/quests/{id}', { params: { path: { id: quest._id } } }),
          t('myQuest.deleteFailed'),
        );
        onDeleted(quest);
      }}
      onClose={onClose}
    >
      {t('myQuest.deleteBody', { title: quest?.title ?? '' })}
    </ConfirmModal>
  );
}
