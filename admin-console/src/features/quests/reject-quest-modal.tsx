import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { questTitle } from './quest-labels.ts';
import { QuestModal, type QuestModalState } from './quest-modal.tsx';
import { type AdminQuest, questsApi } from './quests-api.ts';
import { useQuestAction } from './use-quest-action.ts';

type Props = {
  quest: AdminQuest | null;
  modal: QuestModalState;
  onRejected: (quest: AdminQuest) => void;
};

/** Rejecting asks for the reason the creator will read; it cannot be blank (admin-and-moderation.md section 5). */
export function RejectQuestModal({ quest, modal, onRejected }: Props) {
  const { t } = useTranslation();
  return (
    <QuestModal quest={quest} modal={modal} title={t('moderation.rejectModal.title')}>
      {(shown) => (
        <RejectForm key={shown._id} quest={shown} onCancel={modal.onClose} onRejected={onRejected} />
      )}
    </QuestModal>
  );
}

function RejectForm({
  quest,
  onCancel,
  onRejected,
}: {
  quest: AdminQuest;
  onCancel: () => void;
  onRejected: (quest: AdminQuest) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const action = useQuestAction();
  const busy = action.busy !== null;
  const blank = !reason.trim();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (blank || busy) return;
    const rejected = await action.run('reject', quest._id, () => questsApi.reject(quest._id, reason));
    if (rejected) onRejected(rejected);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('moderation.rejectModal.intro', { title: questTitle(quest, t) })}
        </Text>
        {action.error && (
          <ErrorBanner
            title={t('moderation.error')}
            message={action.error}
            dismissLabel={t('moderation.dismiss')}
            onDismiss={action.dismissError}
          />
        )}
        <Textarea
          label={t('moderation.rejectModal.reason')}
          description={t('moderation.rejectModal.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          required
          maxLength={500}
          autosize
          minRows={3}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('moderation.rejectModal.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={blank} loading={busy}>
            {t('moderation.rejectModal.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
