import { useTranslation } from 'react-i18next';
import { abandonQuest } from '../../lib/quests/quest-api.ts';
import { ConfirmModal } from './confirm-modal.tsx';

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
  return (
    <ConfirmModal
      opened={quest !== null}
      title={t('myQuest.abandon.title')}
      cancelLabel={t('myQuest.abandon.cancel')}
      confirmLabel={t('myQuest.abandon.confirm')}
      errorFallback="Failed to abandon quest"
      onConfirm={async () => {
        if (!quest) return;
        await abandonQuest(quest._id);
        onAbandoned(quest._id);
      }}
      onClose={onClose}
    >
      {t('myQuest.abandon.body', { title: quest?.title ?? '' })}
    </ConfirmModal>
  );
}
