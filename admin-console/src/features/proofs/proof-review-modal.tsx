import { MODERATION_LIMITS } from '@cityquest/openapi';
import {
  Anchor,
  Avatar,
  Button,
  Group,
  Image,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconFile, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '../../lib/category-label.ts';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { fileSize } from './file-size.ts';
import { type ModeratorTaskProof, type PendingProof, useVerifyTaskProof } from './proofs-api.ts';

type Props = {
  proof: PendingProof | null;
  taskOrder: number | null;
  onClose: () => void;
  onDecided: (message: string) => void;
};

/** One task proof with what the moderator needs to decide, and the decision form. */
export function ProofReviewModal({ proof, taskOrder, onClose, onDecided }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const task = proof && taskOrder !== null ? proof.taskProofs[String(taskOrder)] : undefined;
  return (
    <Modal
      opened={Boolean(proof && task)}
      onClose={onClose}
      title={t('proofs.modal.title', { order: taskOrder ?? '' })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {proof && task && (
        <ReviewContent
          key={`${proof._id}-${task.taskOrder}`}
          proof={proof}
          task={task}
          onDecided={onDecided}
        />
      )}
    </Modal>
  );
}

type DecisionValues = { decision: 'approve' | 'reject'; feedback: string };

function ReviewContent({
  proof,
  task,
  onDecided,
}: {
  proof: PendingProof;
  task: ModeratorTaskProof;
  onDecided: (message: string) => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyTaskProof();
  const form = useForm<DecisionValues>({ initialValues: { decision: 'approve', feedback: '' } });
  const rejecting = form.values.decision === 'reject';
  // Feedback is optional when approving and required, not blank, when rejecting
  // (docs/product-rules/moderation.md#proof-verification).
  const missingFeedback = rejecting && !form.values.feedback.trim();
  const user = proof.user_id;
  const userName = user.fullName || t('missing.user');
  const failure = verify.error;
  // A refused feedback shows on its field; any other failure in the banner.
  const onField =
    Boolean(failure?.fieldErrors.length) && failure?.fieldErrors.every((e) => e.field === 'feedback');

  const onSubmit = form.onSubmit(({ decision, feedback }) => {
    if (missingFeedback || verify.isPending) return;
    const approved = decision === 'approve';
    verify.mutate(
      { proof, taskOrder: task.taskOrder, approved, feedback },
      {
        onSuccess: () =>
          onDecided(
            t(approved ? 'proofs.modal.approved' : 'proofs.modal.rejected', { order: task.taskOrder }),
          ),
        onError: (error) =>
          form.setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message]))),
      },
    );
  });

  return (
    <Stack gap="lg">
      <Section title={t('proofs.modal.quest')}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {proof.quest_id.title || t('missing.quest')}
        </Text>
        <Text size="sm" c="dimmed">
          {categoryLabel(proof.quest_id.category, t)} · {proof.quest_id.city || t('missing.location')}
        </Text>
      </Section>

      <Section title={t('proofs.modal.submitter')}>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={user.avatar} alt="" radius="xl">
            {userName.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Text fw={600}>{userName}</Text>
            <Text size="sm" c="dimmed">
              @{user.username || t('missing.user')}
            </Text>
          </div>
        </Group>
      </Section>

      <Section title={t('proofs.modal.notes')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.notes.trim() || t('proofs.modal.noNotes')}
        </Text>
      </Section>

      {task.proofImages.length > 0 && (
        <Section title={t('proofs.modal.images')}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {task.proofImages.map((url, index) => (
              <Anchor
                key={url}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('proofs.modal.openImage', { index: index + 1 })}
              >
                <Image
                  src={url}
                  alt={t('proofs.modal.imageAlt', { index: index + 1 })}
                  radius="sm"
                  h={120}
                  fit="cover"
                />
              </Anchor>
            ))}
          </SimpleGrid>
        </Section>
      )}

      {task.proofFiles.length > 0 && (
        <Section title={t('proofs.modal.files')}>
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {task.proofFiles.map((file) => {
              const size = fileSize(file.size);
              return (
                <Group key={file.url + file.name} component="li" gap="xs" wrap="nowrap">
                  <IconFile size={16} aria-hidden="true" />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`proofs.sizes.${size.unit}`, { value: size.value })}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Section>
      )}

      <Section title={t('proofs.modal.submittedAt')}>
        <Text size="sm">{formatDateTime(task.submittedAt)}</Text>
      </Section>

      <PhotoData task={task} />

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && !onField && (
            <ErrorBanner
              title={t('proofs.error')}
              message={failure.message}
              dismissLabel={t('proofs.dismiss')}
              onDismiss={verify.reset}
            />
          )}
          <Radio.Group label={t('proofs.modal.decision')} {...form.getInputProps('decision')}>
            <Group gap="lg" mt={6}>
              <Radio value="approve" label={t('proofs.modal.approve')} color="green" />
              <Radio value="reject" label={t('proofs.modal.reject')} color="red" />
            </Group>
          </Radio.Group>
          <Textarea
            label={t('proofs.modal.feedback')}
            description={t(rejecting ? 'proofs.modal.feedbackRequired' : 'proofs.modal.feedbackOptional')}
            required={rejecting}
            maxLength={MODERATION_LIMITS.proofFeedback}
            autosize
            minRows={3}
            {...form.getInputProps('feedback')}
          />
          <Button
            type="submit"
            color={rejecting ? 'red' : 'green'}
            disabled={missingFeedback || verify.isPending}
            fullWidth
          >
            {verify.isPending
              ? t('proofs.modal.processing')
              : t(rejecting ? 'proofs.modal.rejectTask' : 'proofs.modal.approveTask')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section">
      <Title order={3} size="h6" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The photo's own location and capture time, read by the server before it stripped the metadata. */
function PhotoData({ task }: { task: ModeratorTaskProof }) {
  const { t } = useTranslation();
  const distance = task.photoDistanceMeters;
  return (
    <Section title={t('proofs.modal.photoData')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('proofs.modal.photoLocation')}
          </Text>
          {task.photoLocation ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden="true" />
              <Text size="sm">
                {task.photoLocation.lat.toFixed(5)}, {task.photoLocation.lng.toFixed(5)}
              </Text>
            </Group>
          ) : (
            <Text size="sm">{t('proofs.modal.noPhotoLocation')}</Text>
          )}
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('proofs.modal.photoTakenAt')}
          </Text>
          <Text size="sm">
            {task.photoTakenAt ? formatDateTime(task.photoTakenAt) : t('proofs.modal.noPhotoTime')}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('proofs.modal.photoDistance')}
          </Text>
          <Text size="sm" fw={distance !== null ? 600 : undefined}>
            {distance === null
              ? t('proofs.modal.noDistance')
              : distance < 1000
                ? t('proofs.modal.meters', { count: distance })
                : t('proofs.modal.kilometers', { km: (distance / 1000).toFixed(1) })}
          </Text>
        </div>
      </SimpleGrid>
    </Section>
  );
}
