import { useConfirmAction } from '@cityquest/web-client/ui/confirm-action';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type BulkApproval, useBulkApproveProofs } from './proofs-api.ts';
import { proofKey, type QueuedProof } from './review-queue.ts';

/** A bulk approval's answer with the proofs it was about, for the result's sentences. */
export type BulkOutcome = { approval: BulkApproval; sent: QueuedProof[] };

/**
 * "Approve N without flags": after a confirmation, approves the page's proofs without a flag that nobody else
 * holds, each decided and logged on its own (docs/product-rules/moderation.md#bulk-approval). Hidden when
 * there are none.
 */
export function BulkApproveButton({
  candidates,
  onDone,
}: {
  candidates: QueuedProof[];
  onDone: (outcome: BulkOutcome) => void;
}) {
  const { t } = useTranslation();
  const approve = useBulkApproveProofs();
  const confirmAction = useConfirmAction();
  const count = candidates.length;
  if (count === 0) return null;
  const confirm = () =>
    confirmAction({
      title: t('proofs.bulk.title'),
      body: (
        <Stack gap="xs">
          <Text>{t('proofs.bulk.body', { count })}</Text>
          <Text size="sm" c="dimmed">
            {t('proofs.bulk.logged')}
          </Text>
        </Stack>
      ),
      confirmLabel: t('proofs.bulk.confirm', { count }),
      color: 'green',
      onConfirm: async () => {
        const approval = await approve.mutateAsync(
          candidates.map(({ proof, task }) => ({ proof, taskOrder: task.taskOrder })),
        );
        onDone({ approval, sent: candidates });
      },
    });

  return (
    <Button
      variant="light"
      color="green"
      leftSection={<IconChecks size={16} aria-hidden="true" />}
      onClick={confirm}
    >
      {t('proofs.bulk.button', { count })}
    </Button>
  );
}

/** How many were approved, and each proof left as it was with the server's reason. */
export function BulkResult({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  const { approval, sent } = outcome;
  const byKey = new Map(sent.map((item) => [item.key, item]));
  const refused = approval.results.filter((result) => !result.approved);
  return (
    <Alert
      color={refused.length > 0 ? 'yellow' : 'green'}
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel={t('proofs.dismiss')}
      onClose={onClose}
      title={t('proofs.bulk.approved', { count: approval.approved })}
    >
      {refused.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('proofs.bulk.refused', { count: refused.length })}</Text>
          <List size="sm" spacing={2}>
            {refused.map((result) => {
              const item = byKey.get(proofKey(result.progressId, result.taskOrder));
              return (
                <List.Item key={proofKey(result.progressId, result.taskOrder)}>
                  {t('proofs.bulk.refusal', {
                    order: result.taskOrder,
                    quest: item?.proof.quest_id.title || t('missing.quest'),
                    user: item?.proof.user_id.fullName || item?.proof.user_id.username || t('missing.user'),
                    message: result.message ?? t('proofs.bulk.noReason'),
                  })}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      )}
    </Alert>
  );
}
