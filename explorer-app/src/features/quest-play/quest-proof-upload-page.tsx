import { getErrorMessage } from '@cityquest/openapi';
import { ErrorState } from '@cityquest/shared-ui';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../lib/quests/use-load.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { loadQuestPlay, openTasks, type QuestPlay, submitTaskProof } from './quest-play-api.ts';
import { type ProofLocation, useProofLocation } from './use-proof-location.ts';

/** The notes field of a task proof takes at most 1000 characters (openapi.yaml TaskProofUploadRequest). */
const DESCRIPTION_MAX = 1000;
/** Time on the location form updates every 60 s (admin-and-moderation.md section 9). */
const CLOCK_TICK_MS = 60_000;
/** How long the success message shows before going back to the quest (the documents' redirect delay). */
const RETURN_DELAY_MS = 2000;

function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function locationText(location: ProofLocation, t: (key: string) => string) {
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

function ProofForm({ play, preferredTask }: { play: QuestPlay; preferredTask: number | undefined }) {
  const { t } = useTranslation('play');
  const navigate = useNavigate();
  const { quest, progress } = play;
  const open = openTasks(quest, progress);
  const [taskOrder, setTaskOrder] = useState(
    () => (open.find((task) => task.order === preferredTask) ?? open[0])?.order ?? 0,
  );
  const [photo, setPhoto] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!submitted) return;
    const timer = window.setTimeout(
      () => void navigate({ to: '/quest-in-progress/$questId', params: { questId: quest._id } }),
      RETURN_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [submitted, navigate, quest._id]);

  if (open.length === 0) return <NothingToProve questId={quest._id} />;
  const selected = open.find((task) => task.order === taskOrder);
  const rejected = selected ? progress.taskProofs[String(selected.order)] : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // Both are required (admin-and-moderation.md section 5).
    if (!photo || !description.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    try {
      await submitTaskProof(
        quest._id,
        taskOrder,
        { photo, description: description.trim() },
        t('upload.failed'),
      );
      setSubmitted(true);
    } catch (failure) {
      setError(getErrorMessage(failure, t('upload.failed')));
    } finally {
      setSubmitting(false);
    }
  }

  const busy = submitting || submitted;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {invalid && (
          <Alert color="red" variant="light" role="alert">
            {t('upload.invalid')}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {submitted && (
          <Alert
            color="teal"
            variant="light"
            role="status"
            icon={<IconCircleCheck size={20} aria-hidden="true" />}
          >
            {t('upload.success')}
          </Alert>
        )}
        <Stack gap={6}>
          <NativeSelect
            label={t('upload.task')}
            size="md"
            value={String(taskOrder)}
            onChange={(event) => setTaskOrder(Number(event.currentTarget.value))}
            data={open.map((task) => ({
              value: String(task.order),
              label: t(
                progress.taskProofs[String(task.order)] ? 'upload.taskOptionRejected' : 'upload.taskOption',
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
        <PhotoPicker photo={photo} onChange={setPhoto} invalid={invalid && !photo} />
        <Textarea
          label={t('upload.description')}
          placeholder={t('upload.descriptionPlaceholder')}
          required
          size="md"
          autosize
          minRows={4}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={invalid && !description.trim() ? true : undefined}
          description={t('upload.counter', { count: description.length, max: DESCRIPTION_MAX })}
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
            loading={submitting}
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

/** Proof upload (admin-and-moderation.md section 2, /quest-proof-upload/{questId}). */
export function QuestProofUploadPage({
  questId,
  preferredTask,
}: {
  questId: string;
  preferredTask?: number;
}) {
  const { t } = useTranslation('play');
  const play = useLoad(() => loadQuestPlay(questId), 'Failed to fetch quest', questId);

  let body: ReactNode;
  if (play.loading) {
    body = (
      <Stack gap="lg" aria-busy="true">
        <Text c="dimmed" role="status">
          {t('loading')}
        </Text>
        <Skeleton h={48} radius="md" />
        <Skeleton h={240} radius="lg" />
        <Skeleton h={120} radius="lg" />
      </Stack>
    );
  } else if (play.error || !play.data) {
    body = (
      <>
        <ErrorState
          title={play.error ? t('loadError', { error: play.error }) : t('notFound')}
          onRetry={play.error ? () => void play.reload() : undefined}
          retryLabel={t('retry')}
        />
        <Group justify="center" mt="md">
          <Button component={Link} to="/quest" variant="default" size="md">
            {t('backToQuests')}
          </Button>
        </Group>
      </>
    );
  } else {
    body = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('upload.title')}</Title>
          <Text c="dimmed">
            {t('upload.forQuest')}{' '}
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/quest-in-progress/$questId" params={{ questId }} />
              )}
            >
              {play.data.quest.title}
            </Anchor>
          </Text>
        </Stack>
        <ProofForm key={play.data.progress._id} play={play.data} preferredTask={preferredTask} />
      </Stack>
    );
  }
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      {body}
    </Container>
  );
}
