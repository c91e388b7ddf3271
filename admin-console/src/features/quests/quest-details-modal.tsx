import { DEFAULT_QUEST_IMAGE, StatusBadge } from '@cityquest/shared-ui';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconEdit, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { outdatedQuest, useApproveQuest } from '../../api/quest-decisions-api.ts';
import { TitledSection } from '../../components/titled-section.tsx';
import { useIsOwnQuest } from '../../hooks/use-is-own-quest.ts';
import { formatDate } from '../../lib/format-date.ts';
import { estimatedTimeOf, questCategoryLabel, questTitle } from './quest-labels.ts';
import { QuestModal, type QuestModalState } from './quest-modal.tsx';
import type { AdminQuest } from './quests-api.ts';

type Place = { name: string; lat: number | null; lng: number | null; address?: string | null };

/** A route's start or end: its place name, with its point beside it when the quest has one. */
const routePlace = (name: string, point: { lat: number; lng: number } | null): Place => ({
  name,
  lat: point?.lat ?? null,
  lng: point?.lng ?? null,
});

type Props = {
  quest: AdminQuest | null;
  modal: QuestModalState;
  /** The outcome of the last action, shown here while the details are open. */
  notice: string | null;
  onDismissNotice: () => void;
  onApproved: (quest: AdminQuest) => void;
  /** Reads the quest again, after an approval refused because it changed since it was shown. */
  onReload: (quest: AdminQuest) => Promise<unknown>;
  onReject: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** Everything a moderator reads before deciding, and every action on the quest. */
export function QuestDetailsModal({ quest, modal, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <QuestModal quest={quest} modal={modal} title={t('moderation.details.title')} size="xl">
      {(shown) => <QuestDetails key={shown._id} quest={shown} {...rest} />}
    </QuestModal>
  );
}

function QuestDetails({
  quest,
  notice,
  onDismissNotice,
  onApproved,
  onReload,
  onReject,
  onEdit,
  onDelete,
}: Omit<Props, 'quest' | 'modal'> & { quest: AdminQuest }) {
  const { t } = useTranslation();
  const approve = useApproveQuest();
  const title = questTitle(quest, t);
  const cover = quest.files[0]?.file_url;
  const creator = quest.submittedBy;
  const location = [quest.address, quest.city, quest.state].map((part) => part.trim()).filter(Boolean);
  const tasks = [...quest.tasks].sort((a, b) => a.order - b.order);
  const route = quest.routes[0];
  const pending = quest.status === 'pending';
  const own = useIsOwnQuest(creator?._id);
  const busy = approve.isPending;

  return (
    <Stack gap="lg">
      {notice && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={onDismissNotice}>
          {notice}
        </Alert>
      )}
      {approve.error && (
        <ErrorBanner
          title={t('moderation.error')}
          message={t('moderation.failed.approve', { message: approve.error.message })}
          dismissLabel={t('moderation.dismiss')}
          onDismiss={approve.reset}
          {...(outdatedQuest(approve.error)
            ? {
                retryLabel: t('moderation.reload'),
                onRetry: () => {
                  approve.reset();
                  void onReload(quest);
                },
              }
            : {})}
        />
      )}

      <Image
        src={cover}
        fallbackSrc={DEFAULT_QUEST_IMAGE}
        alt={t('moderation.details.cover', { title })}
        radius="md"
        h={220}
        fit="cover"
      />
      <Stack gap={6}>
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {quest.subtitle && <Text c="dimmed">{quest.subtitle}</Text>}
        <Group gap={6}>
          <StatusBadge status={quest.status} label={t(`moderation.statusOptions.${quest.status}`)} />
          <Badge variant="light" color="blue">
            {questCategoryLabel(quest, t)}
          </Badge>
          <Badge variant="light" color="gray">
            {t(`difficulties.${quest.difficulty}`)}
          </Badge>
          <Badge variant="filled" color="teal">
            {t('moderation.xp', { xp: quest.xp })}
          </Badge>
          {quest.featured && (
            <Badge variant="light" color="indigo">
              {t('moderation.featured')}
            </Badge>
          )}
        </Group>
      </Stack>

      {quest.rejectionReason && (
        <Alert color="red" variant="light" role="note" title={t('moderation.details.rejectionReason')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {quest.rejectionReason}
          </Text>
        </Alert>
      )}

      <TitledSection order={4} title={t('moderation.details.description')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {quest.description.trim() || t('moderation.details.noDescription')}
        </Text>
      </TitledSection>

      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
        <Fact label={t('moderation.details.createdBy')}>
          {creator ? `${creator.fullName || creator.username} (@${creator.username})` : t('missing.user')}
        </Fact>
        <Fact label={t('moderation.details.createdOn')}>{formatDate(quest.createdAt)}</Fact>
        <Fact label={t('moderation.details.location')}>
          {location.length ? location.join(', ') : t('missing.location')}
        </Fact>
        <Fact label={t('moderation.details.estimatedTime')}>{estimatedTimeOf(quest, t)}</Fact>
        <Fact label={t('moderation.details.averageRating')}>
          {quest.averageRating > 0
            ? `${t('moderation.details.rating', { rating: quest.averageRating.toFixed(1) })} ${t(
                'moderation.details.reviews',
                { count: quest.totalReviews },
              )}`
            : t('moderation.details.notRated')}
        </Fact>
        <Fact label={t('moderation.details.completions')}>{String(quest.completions)}</Fact>
        {quest.type && <Fact label={t('moderation.details.type')}>{quest.type}</Fact>}
      </SimpleGrid>

      <TitledSection order={4} title={t('moderation.details.tasks')}>
        {tasks.length ? (
          <Stack component="ol" gap="xs" m={0} pl="lg">
            {tasks.map((task) => (
              <li key={task._id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {task.description}
                </Text>
                {task.hint && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('moderation.details.hint', { hint: task.hint })}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        ) : (
          <Text size="sm">{t('moderation.details.noTasks')}</Text>
        )}
      </TitledSection>

      {quest.tips.length > 0 && (
        <TitledSection order={4} title={t('moderation.details.tips')}>
          <Stack component="ul" gap={4} m={0} pl="lg">
            {quest.tips.map((tip) => (
              <Text key={tip._id} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {tip.tip_text}
              </Text>
            ))}
          </Stack>
        </TitledSection>
      )}

      {quest.tags.length > 0 && (
        <TitledSection order={4} title={t('moderation.details.tags')}>
          <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {quest.tags.map((tag) => (
              <Badge key={tag} component="li" variant="default" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        </TitledSection>
      )}

      {quest.proofInstructions.trim() && (
        <TitledSection order={4} title={t('moderation.details.proofInstructions')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {quest.proofInstructions}
          </Text>
        </TitledSection>
      )}

      {quest.accessibilityNotes.trim() && (
        <TitledSection order={4} title={t('moderation.details.accessibilityNotes')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {quest.accessibilityNotes}
          </Text>
        </TitledSection>
      )}

      <TitledSection order={4} title={t('moderation.details.photos')}>
        {quest.files.length ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {quest.files.map((file, index) => (
              <Anchor
                key={file.file_url}
                href={file.file_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('moderation.details.openPhoto', { index: index + 1 })}
              >
                <Image
                  src={file.file_url}
                  fallbackSrc={DEFAULT_QUEST_IMAGE}
                  alt={t('moderation.details.photo', { index: index + 1, title })}
                  radius="sm"
                  h={110}
                  fit="cover"
                />
              </Anchor>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm">{t('moderation.details.noPhotos')}</Text>
        )}
      </TitledSection>

      {route && (
        <TitledSection order={4} title={t('moderation.details.route')}>
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            <RouteStop
              label={t('moderation.details.start')}
              place={routePlace(route.start_location, route.start_coordinates)}
            />
            {route.waypoints.map((waypoint, index) => (
              <RouteStop
                // biome-ignore lint/suspicious/noArrayIndexKey: waypoints have no id; their place in the route is their identity
                key={index}
                label={t('moderation.details.waypoint', { index: index + 1 })}
                place={waypoint}
              />
            ))}
            <RouteStop
              label={t('moderation.details.end')}
              place={routePlace(route.end_location, route.end_coordinates)}
            />
          </Stack>
          {route.waypoints.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('moderation.details.noWaypoints')}
            </Text>
          )}
        </TitledSection>
      )}

      <TitledSection order={4} title={t('moderation.details.actions')}>
        <Group gap="xs">
          {pending && own && (
            <Text size="sm" c="dimmed">
              {t('moderation.ownQuest')}
            </Text>
          )}
          {pending && !own && (
            <>
              <Button
                leftSection={<IconCheck size={16} aria-hidden="true" />}
                loading={approve.isPending}
                onClick={() => approve.mutate(quest, { onSuccess: onApproved })}
              >
                {t('moderation.approve')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} aria-hidden="true" />}
                disabled={busy}
                onClick={onReject}
              >
                {t('moderation.reject')}
              </Button>
            </>
          )}
          <Button
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={onEdit}
          >
            {t('moderation.editQuest')}
          </Button>
          <Button
            color="red"
            variant="outline"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={onDelete}
          >
            {t('moderation.deleteQuest')}
          </Button>
        </Group>
      </TitledSection>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Paper>
  );
}

function RouteStop({ label, place }: { label: string; place: Place }) {
  const { t } = useTranslation();
  const hasPoint = place.lat !== null && place.lng !== null;
  return (
    <Paper component="li" withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {place.name.trim() || t('moderation.details.noPlace')}
      </Text>
      {place.address && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {place.address}
        </Text>
      )}
      {hasPoint && (
        <Text size="xs" c="dimmed">
          {t('moderation.details.coordinates', { lat: place.lat?.toFixed(5), lng: place.lng?.toFixed(5) })}
        </Text>
      )}
    </Paper>
  );
}
