import { relativeTime, Section } from '@cityquest/shared-ui';
import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { QueuedProofView } from '../../lib/offline/proof-queue-api.ts';
import { type PlayedQuest, QueuedProofStatus } from './offline-notices.tsx';
import { isOpen, type ProgressRecord, type Task, type TaskProof } from './quest-play-api.ts';

const STATUS_COLOURS = { submitted: 'yellow', approved: 'teal', rejected: 'red' } as const;

function ProofStatus({ proof }: { proof: TaskProof | undefined }) {
  const { t, i18n } = useTranslation('play');
  if (!proof) {
    return (
      <Badge color="gray" variant="light">
        {t('objectives.status.none')}
      </Badge>
    );
  }
  const when = proof.reviewedAt ?? proof.submittedAt;
  return (
    <Group gap="xs">
      <Badge color={STATUS_COLOURS[proof.status]} variant="light">
        {t(`objectives.status.${proof.status}`)}
      </Badge>
      <Text size="xs" c="dimmed">
        {t(proof.reviewedAt ? 'objectives.reviewed' : 'objectives.submitted', {
          when: relativeTime(when, { locale: i18n.language, justNow: t('justNow') }),
        })}
      </Text>
    </Group>
  );
}

type ObjectiveProps = {
  questId: string;
  task: Task;
  progress: ProgressRecord;
  queued: QueuedProofView | undefined;
};

function Objective({ questId, task, progress, queued }: ObjectiveProps) {
  const { t } = useTranslation('play');
  const proof = progress.taskProofs[String(task.order)];
  const done = progress.completed_tasks.includes(task._id);
  // A proof still on the device is this task's answer until it is sent or discarded.
  const canProve = progress.status === 'ongoing' && isOpen(progress, task) && !queued;
  const rejected = proof?.status === 'rejected';
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon radius="xl" size="lg" color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'}>
          {done ? <IconCheck size={18} aria-hidden="true" /> : <Text fw={700}>{task.order}</Text>}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>
            {t('objectives.objective', { number: task.order })}
            <VisuallyHidden>{done ? t('objectives.done') : t('objectives.notDone')}</VisuallyHidden>
          </Text>
          <Text>{task.description}</Text>
          {task.hint && (
            <Text size="sm" c="dimmed">
              {t('objectives.hint', { hint: task.hint })}
            </Text>
          )}
          <ProofStatus proof={proof} />
          {queued && <QueuedProofStatus proof={queued} />}
          {rejected && (
            <Alert
              role="note"
              color="red"
              variant="light"
              icon={<IconMessageReport size={18} aria-hidden="true" />}
              title={t('objectives.feedbackTitle')}
            >
              {proof.feedback || t('objectives.noFeedback')}
            </Alert>
          )}
          {canProve && (
            <Button
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/quest-proof-upload/$questId"
                  params={{ questId }}
                  search={{ task: task.order }}
                />
              )}
              variant={rejected ? 'filled' : 'light'}
              color={rejected ? 'red' : undefined}
              size="sm"
              w={{ base: '100%', xs: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
              aria-label={t(rejected ? 'objectives.resubmitLabel' : 'objectives.submitLabel', {
                number: task.order,
              })}
            >
              {rejected ? t('objectives.resubmit') : t('objectives.submit')}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * Quest Objectives: each task, whether it counts as done, the review state of its proof, and a proof still on
 * this device (`queued`).
 */
export function QuestObjectives({ quest, progress, queued }: PlayedQuest) {
  const { t } = useTranslation('play');
  return (
    <Section id="objectives-title" title={t('objectives.title')}>
      {quest.tasks.length === 0 ? (
        <Text c="dimmed">{t('objectives.empty')}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {quest.tasks.map((task) => (
            <Objective
              key={task._id}
              questId={quest._id}
              task={task}
              progress={progress}
              queued={queued.find((proof) => proof.taskOrder === task.order)}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
}
