import { MODERATION_LIMITS } from '@cityquest/contract';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { placeOnForm } from '@cityquest/web-client/ui/form-errors';
import {
  Alert,
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
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconFile, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../components/titled-section.tsx';
import { categoryLabel } from '../../lib/category-label.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { fileSize } from './file-size.ts';
import { ProofEvidence } from './proof-evidence.tsx';
import { useVerifyTaskProof } from './proofs-api.ts';
import type { QueuedProof } from './review-queue.ts';
import { ReviewShortcuts } from './review-shortcuts.tsx';
import { useProofClaim } from './use-proof-claim.ts';

type Props = {
  /** The page's task proofs in display order, and the one under review (null: closed). */
  queue: QueuedProof[];
  index: number | null;
  /** The proof a decision moves on to, whose photos load ahead. */
  upcoming: QueuedProof | null;
  /** The last decision, announced while the modal moves on. */
  notice: string | null;
  /** Previous (-1) or next (1) proof of the page that nobody else holds. */
  onStep: (step: 1 | -1) => void;
  /** Leaves a proof someone else holds for the next one. */
  onSkip: () => void;
  onClose: () => void;
  onDecided: (message: string) => void;
};

/**
 * Task proofs one after another, with what the moderator needs to decide and the decision form; a decision
 * moves on to the next proof (docs/product-rules/moderation.md#keyboard-review).
 */
export function ProofReviewModal({
  queue,
  index,
  upcoming,
  notice,
  onStep,
  onSkip,
  onClose,
  onDecided,
}: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const item = index === null ? undefined : queue[index];
  return (
    <Modal
      opened={Boolean(item)}
      onClose={onClose}
      title={t('proofs.modal.title', { order: item?.task.taskOrder ?? '' })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Announced when a decision moves the modal on; the page's own notice is behind the modal. */}
      <div aria-live="polite" aria-atomic="true">
        {notice && (
          <Text size="sm" c="green.9" fw={600} mb="sm">
            {notice}
          </Text>
        )}
      </div>
      {item && index !== null && (
        <ReviewContent
          key={item.key}
          item={item}
          position={index + 1}
          total={queue.length}
          onStep={onStep}
          onSkip={onSkip}
          onDecided={onDecided}
        />
      )}
      {/* The next proof's photos load while this one is reviewed, so moving on shows them at once. */}
      {upcoming?.task.proofImages.map((url) => (
        <link key={url} rel="prefetch" as="image" href={url} />
      ))}
    </Modal>
  );
}

type DecisionValues = { decision: 'approve' | 'reject'; feedback: string };

function ReviewContent({
  item: { proof, task },
  position,
  total,
  onStep,
  onSkip,
  onDecided,
}: {
  item: QueuedProof;
  position: number;
  total: number;
  onStep: (step: 1 | -1) => void;
  onSkip: () => void;
  onDecided: (message: string) => void;
}) {
  const { t } = useTranslation();
  const held = useProofClaim(proof._id, task.taskOrder);
  const verify = useVerifyTaskProof();
  const form = useForm<DecisionValues>({ initialValues: { decision: 'approve', feedback: '' } });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const feedbackInput = useRef<HTMLTextAreaElement>(null);
  const rejecting = form.values.decision === 'reject';
  // Feedback is optional when approving and required, not blank, when rejecting
  // (docs/product-rules/moderation.md#proof-verification).
  const missingFeedback = rejecting && !form.values.feedback.trim();
  // Another moderator holds the proof, or it was decided already: nothing to decide here
  // (docs/product-rules/moderation.md#review-claims).
  const blocked = held !== null;
  const user = proof.user_id;
  const userName = user.fullName || t('missing.user');
  const failure = verify.error;
  // A refused feedback shows on its field; any other failure (a 409 naming who holds or decided the proof
  // among them) in the banner.
  const shows = (field: string) => field in form.values;
  const onField = failure !== null && placeOnForm(failure, shows).banner === null;

  // Moving on replaces the content the focus was in: the focus goes to the new proof, not the page's body.
  useEffect(() => {
    if (document.activeElement === document.body) root.current?.focus({ preventScroll: true });
  }, []);

  const decide = (approved: boolean, feedback: string) => {
    if (blocked || verify.isPending || (!approved && !feedback.trim())) return;
    verify.mutate(
      { proof, taskOrder: task.taskOrder, approved, feedback },
      {
        onSuccess: () =>
          onDecided(
            t(approved ? 'proofs.modal.approved' : 'proofs.modal.rejected', { order: task.taskOrder }),
          ),
        onError: (error) => form.setErrors(placeOnForm(error, shows).fields),
      },
    );
  };
  const onSubmit = form.onSubmit(({ decision, feedback }) => decide(decision === 'approve', feedback));

  // Keys act unless the moderator is typing (useHotkeys ignores inputs and text areas)
  // (docs/product-rules/moderation.md#keyboard-review).
  const toggleShortcuts = () => setShortcutsOpen((opened) => !opened);
  useHotkeys([
    [
      'a',
      () => {
        if (blocked) return;
        form.setFieldValue('decision', 'approve');
        decide(true, form.values.feedback);
      },
    ],
    [
      'r',
      () => {
        if (blocked) return;
        form.setFieldValue('decision', 'reject');
        feedbackInput.current?.focus();
      },
    ],
    ['j', () => onStep(1)],
    ['k', () => onStep(-1)],
    ['shift+?', toggleShortcuts],
    ['?', toggleShortcuts],
  ]);

  return (
    <Stack gap="lg" ref={root} tabIndex={-1} style={{ outline: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {t('proofs.modal.position', { position, total })}
        </Text>
        <ReviewShortcuts opened={shortcutsOpen} onChange={setShortcutsOpen} />
      </Group>

      {held && (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} aria-hidden="true" />}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">{held}</Text>
            <Button size="xs" color="yellow" onClick={onSkip}>
              {t('proofs.modal.skip')}
            </Button>
          </Group>
        </Alert>
      )}

      <TitledSection title={t('proofs.modal.quest')}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {proof.quest_id.title || t('missing.quest')}
        </Text>
        <Text size="sm" c="dimmed">
          {categoryLabel(proof.quest_id.category, t)} · {proof.quest_id.city || t('missing.location')}
        </Text>
      </TitledSection>

      <TitledSection title={t('proofs.modal.submitter')}>
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
      </TitledSection>

      <TitledSection title={t('proofs.modal.notes')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.notes.trim() || t('proofs.modal.noNotes')}
        </Text>
      </TitledSection>

      {task.proofImages.length > 0 && (
        <TitledSection title={t('proofs.modal.images')}>
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
        </TitledSection>
      )}

      {task.proofFiles.length > 0 && (
        <TitledSection title={t('proofs.modal.files')}>
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
        </TitledSection>
      )}

      <TitledSection title={t('proofs.modal.submittedAt')}>
        <Text size="sm">{formatDateTime(task.submittedAt)}</Text>
      </TitledSection>

      <ProofEvidence task={task} />

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
              <Radio value="approve" label={t('proofs.modal.approve')} color="green" disabled={blocked} />
              <Radio value="reject" label={t('proofs.modal.reject')} color="red" disabled={blocked} />
            </Group>
          </Radio.Group>
          <Textarea
            ref={feedbackInput}
            label={t('proofs.modal.feedback')}
            description={t(rejecting ? 'proofs.modal.feedbackRequired' : 'proofs.modal.feedbackOptional')}
            required={rejecting}
            maxLength={MODERATION_LIMITS.proofFeedback}
            autosize
            minRows={3}
            disabled={blocked}
            {...form.getInputProps('feedback')}
          />
          <Button
            type="submit"
            color={rejecting ? 'red' : 'green'}
            disabled={blocked || missingFeedback || verify.isPending}
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
