import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
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
  opened,
  onOpenChange,
  onDone,
}: {
  candidates: QueuedProof[];
  opened: boolean;
  onOpenChange: (opened: boolean) => void;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const { t } = useTranslation();
  const approve = useBulkApproveProofs();
  const count = candidates.length;
  const close = () => {
    approve.reset();
    onOpenChange(false);
  };
  const confirm = () =>
    approve.mutate(
      candidates.map(({ proof, task }) => ({ proof, taskOrder: task.taskOrder })),
      {
        onSuccess: (approval) => {
          onDone({ approval, sent: candidates });
          close();
        },
      },
    );

  return (
    <>
      {count > 0 && (
        <Button
          variant="light"
          color="green"
          leftSection={<IconChecks size={16} aria-hidden="true" />}
          onClick={() => onOpenChange(true)}
        >
          {t('proofs.bulk.button', { count })}
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={() => !approve.isPending && close()}
        title={t('proofs.bulk.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          {approve.error && (
            <ErrorBanner
              title={t('proofs.error')}
              message={approve.error.message}
              dismissLabel={t('proofs.dismiss')}
              onDismiss={approve.reset}
            />
          )}
          <Text>{t('proofs.bulk.body', { count })}</Text>
          <Text size="sm" c="dimmed">
            {t('proofs.bulk.logged')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={approve.isPending}>
              {t('proofs.bulk.cancel')}
            </Button>
            <Button color="green" onClick={confirm} loading={approve.isPending} disabled={count === 0}>
              {t('proofs.bulk.confirm', { count })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
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
