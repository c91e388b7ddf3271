import type { ApiError } from '@cityquest/web-client';
import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type QueuedProofView, useDiscardQueuedProof } from '../../lib/offline/proof-queue-api.ts';
import { useOnline } from '../../lib/offline/use-online.ts';
import type { Quest } from '../../lib/quests/quest-api.ts';
import type { ProgressRecord } from './quest-play-api.ts';

/**
 * Offline while the browser says so, or while the screen's last request could not reach the server and it
 * shows what was kept (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection).
 */
export function OfflineBanner({ errors }: { errors: readonly (ApiError | null)[] }) {
  const { t } = useTranslation('play');
  const online = useOnline();
  const unreachable = errors.some((error) => error?.status === 0);
  if (online && !unreachable) return null;
  return (
    <Alert role="status" color="yellow" variant="light" icon={<IconWifiOff size={20} aria-hidden="true" />}>
      {t('offline.banner')}
    </Alert>
  );
}

/** A quest in progress as its sections show it: with the proofs still on this device. */
export type PlayedQuest = { quest: Quest; progress: ProgressRecord; queued: readonly QueuedProofView[] };

/** The tasks that can take a proof, less those whose proof is still on the device: the form is not offered again. */
export const withoutQueued = <T extends { order: number }>(tasks: T[], queued: readonly QueuedProofView[]) =>
  tasks.filter((task) => !queued.some((proof) => proof.taskOrder === task.order));

/**
 * A task's proof still on the device (docs/product-rules/offline-play.md#sending-a-proof-exactly-once): waiting
 * for a connection, or refused by the server with its message and a way to discard it.
 */
export function QueuedProofStatus({ proof }: { proof: QueuedProofView }) {
  const { t } = useTranslation('play');
  const discard = useDiscardQueuedProof();
  if (proof.state === 'waiting') {
    return (
      <Badge
        color="orange"
        variant="light"
        leftSection={<IconCloudUpload size={14} aria-hidden="true" />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('offline.waiting')}
      </Badge>
    );
  }
  return (
    <Alert role="note" color="red" variant="light" title={t('offline.refusedTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{proof.refusal || t('offline.refusedFallback')}</Text>
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={discard.isPending}
          onClick={() => discard.mutate(proof.key)}
          aria-label={t('offline.discardLabel', { number: proof.taskOrder })}
        >
          {t('offline.discard')}
        </Button>
      </Stack>
    </Alert>
  );
}
