import { PROOF_LIMITS } from '@cityquest/contract';
import { getErrorMessage } from '@cityquest/web-client';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconCloudUpload, IconMapPin } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type QueuedProofView,
  queuedProofQueries,
  useProofSender,
  useSubmitTaskProof,
} from '../../lib/offline/proof-queue-api.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { OfflineBanner, withoutQueued } from './offline-notices.tsx';
import { ProofPhotoPicker } from './proof-photo-picker.tsx';
import { openTasks, type ProgressRecord, type QuestPlay, questPlayQueries } from './quest-play-api.ts';
import { type ProofLocation, useProofLocation } from './use-proof-location.ts';

/** Time on the location form updates every 60 s (docs/product-rules/explorer-screens.md#proof-upload). */
const CLOCK_TICK_MS = 60_000;

function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function locationText(location: ProofLocation, t: TFunction<'play'>) {
  const coordinates =
    location.status === 'located' ? `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}` : null;
  switch (location.status) {
    case 'locating':
      return { place: t('upload.location.locating'), coordinates: t('upload.location.locating') };
    case 'unsupported':
      return { place: t('upload.location.unsupported'), coordinates: t('upload.location.none') };
    case 'unavailable':
      return { place: t('upload.location.unavailable'), coordinates: t('upload.location.none') };
    case 'located':
      return {
        place: location.address ?? (location.resolving ? t('upload.location.resolving') : coordinates),
        coordinates,
      };
  }
}

function LocationDetails() {
  const { t, i18n } = useTranslation('play');
  const location = useProofLocation();
  const now = useClock();
  const { place, coordinates } = locationText(location, t);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    now,
  );
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={500} size="sm" p={0} mb={4}>
        <IconMapPin size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('upload.location.title')}
      </Text>
      <TextInput label={t('upload.location.place')} value={place ?? ''} readOnly variant="filled" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label={t('upload.location.coordinates')}
          value={coordinates ?? ''}
          readOnly
          variant="filled"
        />
        <TextInput label={t('upload.location.time')} value={time} readOnly variant="filled" />
      </SimpleGrid>
    </Stack>
  );
}

function NothingToProve({ questId }: { questId: string }) {
  const { t } = useTranslation('play');
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="sm" align="flex-start">
        <Text>{t('upload.nothingOpen')}</Text>
        <Button
          size="md"
          renderRoot={(props) => <Link {...props} to="/quest-in-progress/$questId" params={{ questId }} />}
        >
          {t('upload.backToQuest')}
        </Button>
      </Stack>
    </Card>
  );
}

type ProofValues = { taskOrder: number; photo: File | null; description: string };

/** The proof's fields as the server names them in a 400, and the boxes that show them. */
const FIELD_OF: Record<string, keyof ProofValues> = {
  proofImages: 'photo',
  file: 'photo',
  notes: 'description',
  description: 'description',
};

type ProofFormProps = {
  play: QuestPlay;
  queued: readonly QueuedProofView[];
  preferredTask: number | undefined;
};

function ProofForm({ play, queued, preferredTask }: ProofFormProps) {
  const { t } = useTranslation('play');
  const navigate = useNavigate();
  const { quest, progress } = play;
  const submit = useSubmitTaskProof(quest._id);
  // The answer to a proof changes which objectives are open: the form stays as it was sent while it says so.
  const [sentFrom, setSentFrom] = useState<{
    progress: ProgressRecord;
    queued: readonly QueuedProofView[];
  } | null>(null);
  const shown = sentFrom?.progress ?? progress;
  // A proof still on the device is its task's answer: that task is not offered again
  // (docs/product-rules/offline-play.md#sending-a-proof-exactly-once).
  const open = withoutQueued(openTasks(quest, shown), sentFrom?.queued ?? queued);
  const form = useForm<ProofValues>({
    initialValues: {
      taskOrder: (open.find((task) => task.order === preferredTask) ?? open[0])?.order ?? 0,
      photo: null,
      description: '',
    },
    // Both are required (docs/product-rules/messages.md#proof-messages); one alert above the form says so.
    validate: {
      photo: (photo) => (photo ? null : true),
      description: (text) => (text.trim() ? null : true),
    },
  });
  const submitted = submit.isSuccess;
  const goBack = useCallback(
    () => void navigate({ to: '/quest-in-progress/$questId', params: { questId: quest._id } }),
    [navigate, quest._id],
  );
  useRedirectAfter(submitted, REDIRECT_DELAY_MS, goBack);

  if (open.length === 0) return <NothingToProve questId={quest._id} />;
  const { values, errors } = form;
  const selected = open.find((task) => task.order === values.taskOrder);
  const rejected = selected ? shown.taskProofs[String(selected.order)] : undefined;
  const missing = Object.values(errors).includes(true);
  const failure = submit.error;
  const unplaced = failure?.fieldErrors.filter((problem) => !FIELD_OF[problem.field]) ?? [];
  const showFailure = failure !== null && (failure.fieldErrors.length === 0 || unplaced.length > 0);

  // A proof refused for missing parts replaces the server's last word (submit.reset).
  const onSubmit = form.onSubmit(({ taskOrder, photo, description }) => {
    if (!photo) return;
    setSentFrom({ progress, queued });
    submit.mutate(
      { taskOrder, photo, description: description.trim() },
      {
        onError: (error) => {
          setSentFrom(null);
          form.setErrors(
            Object.fromEntries(
              error.fieldErrors.flatMap((problem) => {
                const field = FIELD_OF[problem.field];
                return field ? [[field, problem.message]] : [];
              }),
            ),
          );
        },
      },
    );
  }, submit.reset);

  const busy = submit.isPending || submitted;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {missing && (
          <Alert color="red" variant="light" role="alert">
            {t('upload.invalid')}
          </Alert>
        )}
        {showFailure && (
          <Alert color="red" variant="light" role="alert">
            {unplaced.length > 0
              ? unplaced.map((problem) => problem.message).join(' ')
              : getErrorMessage(failure, t('upload.failed'))}
          </Alert>
        )}
        {submit.data && (
          // Sent, or kept on the device until it can be (docs/product-rules/offline-play.md#sending-a-proof-exactly-once).
          <Alert
            color={submit.data.status === 'sent' ? 'teal' : 'blue'}
            variant="light"
            role="status"
            icon={
              submit.data.status === 'sent' ? (
                <IconCircleCheck size={20} aria-hidden="true" />
              ) : (
                <IconCloudUpload size={20} aria-hidden="true" />
              )
            }
          >
            {submit.data.status === 'sent' ? t('upload.success') : t('offline.queued')}
          </Alert>
        )}
        <Stack gap={6}>
          <NativeSelect
            label={t('upload.task')}
            size="md"
            value={String(values.taskOrder)}
            onChange={(event) => form.setFieldValue('taskOrder', Number(event.currentTarget.value))}
            data={open.map((task) => ({
              value: String(task.order),
              label: t(
                shown.taskProofs[String(task.order)] ? 'upload.taskOptionRejected' : 'upload.taskOption',
                { number: task.order, description: task.description },
              ),
            }))}
            disabled={busy}
          />
          {selected && <Text size="sm">{selected.description}</Text>}
          {rejected?.status === 'rejected' && (
            <Alert role="note" color="red" variant="light" title={t('objectives.feedbackTitle')}>
              {rejected.feedback || t('objectives.noFeedback')}
            </Alert>
          )}
          {quest.proofInstructions && (
            <Text size="sm" c="dimmed">
              <Text span fw={600}>
                {t('proof.instructions')}
              </Text>{' '}
              {quest.proofInstructions}
            </Text>
          )}
        </Stack>
        <ProofPhotoPicker
          photo={values.photo}
          onChange={(photo) => form.setFieldValue('photo', photo)}
          invalid={Boolean(errors.photo)}
          error={typeof errors.photo === 'string' ? errors.photo : undefined}
        />
        <Textarea
          label={t('upload.description')}
          placeholder={t('upload.descriptionPlaceholder')}
          required
          size="md"
          autosize
          minRows={4}
          maxLength={PROOF_LIMITS.description}
          {...form.getInputProps('description')}
          description={t('upload.counter', {
            count: values.description.length,
            max: PROOF_LIMITS.description,
          })}
          disabled={busy}
        />
        <LocationDetails />
        <Group gap="sm" justify="flex-end">
          <Button
            renderRoot={(props) => (
              <Link {...props} to="/quest-in-progress/$questId" params={{ questId: quest._id }} />
            )}
            variant="default"
            size="md"
            w={{ base: '100%', xs: 'auto' }}
          >
            {t('upload.cancel')}
          </Button>
          <Button
            type="submit"
            size="md"
            loading={submit.isPending}
            disabled={submitted}
            w={{ base: '100%', xs: 'auto' }}
          >
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Proof upload (docs/product-rules/explorer-screens.md#proof-upload, /quest-proof-upload/{questId}); the
 * route loads the quest and the explorer's progress on it.
 */
export function QuestProofUploadPage({
  questId,
  preferredTask,
}: {
  questId: string;
  preferredTask?: number;
}) {
  const { t } = useTranslation('play');
  const { data: quest, error: questError } = useSuspenseQuery(questQueries.detail(questId));
  const { data: progress, error: progressError } = useSuspenseQuery(questPlayQueries.progress(questId));
  const { data: queued } = useSuspenseQuery(queuedProofQueries.forQuest(questId));
  useProofSender();
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <OfflineBanner errors={[questError, progressError]} />
        <Stack gap={4}>
          <Title order={1}>{t('upload.title')}</Title>
          <Text c="dimmed">
            {t('upload.forQuest')}{' '}
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/quest-in-progress/$questId" params={{ questId }} />
              )}
            >
              {quest.title}
            </Anchor>
          </Text>
        </Stack>
        <ProofForm
          key={progress._id}
          play={{ quest, progress }}
          queued={queued}
          preferredTask={preferredTask}
        />
      </Stack>
    </Container>
  );
}
