import type { ProofFlag, Schema } from '@cityquest/contract';
import { Anchor, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  IconClock,
  IconClockOff,
  IconCopy,
  IconCurrentLocation,
  IconInfoCircle,
  IconMapPin,
  IconMapPinOff,
  IconMapQuestion,
  IconRouteOff,
  type TablerIcon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../components/titled-section.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { FLAG_COLORS } from './proof-flags.ts';
import type { ModeratorTaskProof } from './proofs-api.ts';

type Evidence = Schema<'ProofEvidence'>;
type PhotoMatch = Schema<'PhotoMatch'>;

/**
 * What the server found when the proof arrived, one plain sentence a signal, a warning sign standing out
 * (docs/product-rules/moderation.md#proof-evidence). Proofs sent before it looked show the photo data alone.
 * Every signal comes from the explorer's device and can be forged, which the section says under its lines.
 */
export function ProofEvidence({ task }: { task: ModeratorTaskProof }) {
  const { t } = useTranslation();
  return (
    <TitledSection title={t('proofs.evidence.title')}>
      {task.evidence ? (
        <>
          <EvidenceLines task={task} evidence={task.evidence} />
          <Text size="xs" c="dimmed" mt="xs">
            {t('proofs.evidence.forgeable')}
          </Text>
        </>
      ) : (
        <>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            <EvidenceLine icon={IconInfoCircle} flag={null}>
              {t('proofs.evidence.none')}
            </EvidenceLine>
          </Stack>
          <PhotoData task={task} />
        </>
      )}
    </TitledSection>
  );
}

function EvidenceLines({ task, evidence }: { task: ModeratorTaskProof; evidence: Evidence }) {
  const { t } = useTranslation();
  const flagged = (flag: ProofFlag) => (task.flags.includes(flag) ? flag : null);
  const located = !evidence.missing.includes('location');
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
      {task.flags.includes('no_stop_to_compare') && (
        <EvidenceLine icon={IconRouteOff} flag="no_stop_to_compare">
          {t('proofs.evidence.noStop')}
        </EvidenceLine>
      )}
      {task.flags.includes('no_location') && (
        <EvidenceLine icon={IconMapQuestion} flag="no_location">
          {t('proofs.evidence.nowhere')}
        </EvidenceLine>
      )}
      {!located ? (
        <EvidenceLine icon={IconMapPinOff} flag={flagged('missing_metadata')}>
          {t('proofs.evidence.noLocation')}
        </EvidenceLine>
      ) : (
        evidence.stop &&
        evidence.distanceToStopMeters !== null && (
          <EvidenceLine
            icon={IconMapPin}
            flag={flagged('far_from_stop')}
            detail={
              task.photoLocation &&
              t('proofs.evidence.coordinates', {
                lat: task.photoLocation.lat.toFixed(5),
                lng: task.photoLocation.lng.toFixed(5),
              })
            }
          >
            {t('proofs.evidence.distance', {
              distance: distanceText(evidence.distanceToStopMeters, t),
              order: evidence.stop.order,
              name: evidence.stop.name,
            })}
          </EvidenceLine>
        )
      )}
      <TimingLine evidence={evidence} flag={flagged} />
      {evidence.tracking && <TrackingLine tracking={evidence.tracking} stop={evidence.stop} />}
      {evidence.matches.map((match, index) => (
        <MatchLine
          // The server keeps one match per stored photo, so its address names it.
          key={match.imageUrl}
          match={match}
          number={index + 1}
          flag={flagged('duplicate_photo')}
        />
      ))}
    </Stack>
  );
}

/** Where the explorer's shared live position was shortly before they sent the proof. */
function TrackingLine({ tracking, stop }: { tracking: Schema<'TrackedPosition'>; stop: Evidence['stop'] }) {
  const { t } = useTranslation();
  const parts = [
    stop && tracking.distanceToStopMeters !== null
      ? t('proofs.evidence.trackedFromStop', {
          distance: distanceText(tracking.distanceToStopMeters, t),
          order: stop.order,
        })
      : null,
    tracking.distanceToPhotoMeters !== null
      ? t('proofs.evidence.trackedFromPhoto', { distance: distanceText(tracking.distanceToPhotoMeters, t) })
      : null,
  ].filter((part): part is string => part !== null);
  return (
    <EvidenceLine
      icon={IconCurrentLocation}
      flag={null}
      detail={t('proofs.evidence.trackedAt', {
        time: formatDateTime(tracking.recordedAt),
        accuracy: tracking.accuracyMeters ?? '?',
      })}
    >
      {parts.length
        ? t('proofs.evidence.tracked', { where: parts.join(', ') })
        : t('proofs.evidence.trackedNowhere')}
    </EvidenceLine>
  );
}

function distanceText(meters: number, t: TFunction) {
  return meters < 1000
    ? t('proofs.modal.meters', { count: meters })
    : t('proofs.modal.kilometers', { km: (meters / 1000).toFixed(1) });
}

function TimingLine({ evidence, flag }: { evidence: Evidence; flag: (flag: ProofFlag) => ProofFlag | null }) {
  const { t } = useTranslation();
  switch (evidence.timing) {
    case 'before_start':
      return (
        <EvidenceLine icon={IconClock} flag={flag('taken_before_start')}>
          {t('proofs.evidence.beforeStart', {
            taken: evidence.takenAt ? formatDateTime(evidence.takenAt) : '',
            started: formatDateTime(evidence.startedAt),
          })}
        </EvidenceLine>
      );
    case 'during_quest':
      return (
        <EvidenceLine icon={IconClock} flag={null}>
          {t('proofs.evidence.duringQuest')}
        </EvidenceLine>
      );
    case 'after_submission':
      return (
        <EvidenceLine icon={IconClock} flag={null}>
          {t('proofs.evidence.afterSubmission')}
        </EvidenceLine>
      );
    default:
      return (
        <EvidenceLine icon={IconClockOff} flag={flag('missing_metadata')}>
          {t('proofs.evidence.noTime')}
        </EvidenceLine>
      );
  }
}

function MatchLine({ match, number, flag }: { match: PhotoMatch; number: number; flag: ProofFlag | null }) {
  const { t } = useTranslation();
  const quest = match.quest.title || t('missing.quest');
  const order = match.taskOrder ?? '';
  const sentence =
    match.kind === 'quest_photo'
      ? t('proofs.evidence.matchQuest')
      : match.kind === 'own_other_task'
        ? t('proofs.evidence.matchOwn', { order, quest })
        : t('proofs.evidence.matchOther', {
            username: match.user?.username || t('missing.user'),
            order,
            quest,
          });
  return (
    <EvidenceLine
      icon={IconCopy}
      flag={flag}
      detail={
        <Group gap="xs" wrap="nowrap">
          <Anchor
            href={match.imageUrl}
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
            aria-label={t('proofs.evidence.openMatch', { number })}
          >
            <Image src={match.imageUrl} alt="" w={56} h={56} radius="sm" fit="cover" />
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('proofs.evidence.matchedPhoto', { index: match.photoIndex + 1 })}
          </Text>
        </Group>
      }
    >
      {sentence}
    </EvidenceLine>
  );
}

/** One signal: an icon, the sentence, and for a warning sign a tinted line and a spoken "Warning". */
function EvidenceLine({
  icon: Icon,
  flag,
  detail,
  children,
}: {
  icon: TablerIcon;
  flag: ProofFlag | null;
  detail?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const color = flag ? FLAG_COLORS[flag] : 'gray';
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      p={4}
      data-flag={flag ?? undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: flag ? `var(--mantine-color-${color}-light)` : undefined,
      }}
    >
      <ThemeIcon size="sm" radius="xl" variant={flag ? 'filled' : 'light'} color={color} aria-hidden="true">
        <Icon size={14} />
      </ThemeIcon>
      <Stack gap={4} style={{ minWidth: 0 }}>
        {flag && <VisuallyHidden>{t('proofs.evidence.warning')}</VisuallyHidden>}
        <Text size="sm" fw={flag ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
        {typeof detail === 'string' ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : (
          detail
        )}
      </Stack>
    </Group>
  );
}

/** The photo's own location and capture time, read by the server before it stripped the metadata. */
function PhotoData({ task }: { task: ModeratorTaskProof }) {
  const { t } = useTranslation();
  const distance = task.photoDistanceMeters;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt="xs">
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
          {distance === null ? t('proofs.modal.noDistance') : distanceText(distance, t)}
        </Text>
      </div>
    </SimpleGrid>
  );
}
