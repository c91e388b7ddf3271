import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { questTitle } from './quest-labels.ts';
import { type AdminQuest, questsApi } from './quests-api.ts';
import { useQuestAction } from './use-quest-action.ts';

type Props = {
  quest: AdminQuest | null;
  modal: { opened: boolean; onClose: () => void; stackId: string };
  onRejected: (quest: AdminQuest) => void;
};

/** Rejecting asks for the reason the creator will read; it cannot be blank (admin-and-moderation.md section 5). */
export function RejectQuestModal({ quest, modal, onRejected }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      {...modal}
      opened={modal.opened && quest !== null}
      title={t('moderation.rejectModal.title')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {quest && <RejectForm key={quest._id} quest={quest} onCancel={modal.onClose} onRejected={onRejected} />}
    </Modal>
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
