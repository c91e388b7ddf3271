import { MODERATION_LIMITS } from '@cityquest/contract';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { placeOnForm } from '@cityquest/web-client/ui/form-errors';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useRejectQuest } from '../../api/quest-decisions-api.ts';
import { questTitle } from './quest-labels.ts';
import { QuestModal, type QuestModalState } from './quest-modal.tsx';
import type { AdminQuest } from './quests-api.ts';

type Props = {
  quest: AdminQuest | null;
  modal: QuestModalState;
  onRejected: (quest: AdminQuest) => void;
};

/** Rejecting asks for the reason the creator reads, not blank (docs/product-rules/moderation.md#quest-review). */
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
  const reject = useRejectQuest();
  const form = useForm({ initialValues: { reason: '' } });
  const blank = !form.values.reason.trim();
  const failure = reject.error;
  // A refused reason shows on its field; any other failure in the banner.
  const shows = (field: string) => field in form.values;
  const onField = placeOnForm(failure, shows).banner === null;

  const onSubmit = form.onSubmit(({ reason }) => {
    if (blank || reject.isPending) return;
    reject.mutate(
      { id: quest._id, reason },
      {
        onSuccess: onRejected,
        onError: (error) => form.setErrors(placeOnForm(error, shows).fields),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('moderation.rejectModal.intro', { title: questTitle(quest, t) })}
        </Text>
        {failure && !onField && (
          <ErrorBanner
            title={t('moderation.error')}
            message={t('moderation.failed.reject', { message: failure.message })}
            dismissLabel={t('moderation.dismiss')}
            onDismiss={reject.reset}
          />
        )}
        <Textarea
          label={t('moderation.rejectModal.reason')}
          description={t('moderation.rejectModal.reasonHint')}
          required
          maxLength={MODERATION_LIMITS.rejectReason}
          autosize
          minRows={3}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={reject.isPending}>
            {t('moderation.rejectModal.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={blank} loading={reject.isPending}>
            {t('moderation.rejectModal.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
