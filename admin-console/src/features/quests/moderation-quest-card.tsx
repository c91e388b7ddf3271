import { QuestCard, StatusBadge } from '@cityquest/shared-ui';
import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconClock, IconTrophy, IconUser, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOwnQuest } from '../../hooks/use-is-own-quest.ts';
import { creatorName, estimatedTimeOf, placeOf, questCategoryLabel, questTitle } from './quest-labels.ts';
import type { AdminQuest } from './quests-api.ts';

type Props = {
  quest: AdminQuest;
  /** True while an approval of this quest is on its way. */
  approving: boolean;
  onView: () => void;
  onApprove: () => void;
  onReject: () => void;
};

/** A quest in the moderation grid; pending quests offer quick Approve and Reject. */
export function ModerationQuestCard({ quest, approving, onView, onApprove, onReject }: Props) {
  const { t } = useTranslation();
  const title = questTitle(quest, t);
  const cover = quest.files[0]?.file_url;
  const pending = quest.status === 'pending';
  const own = useIsOwnQuest(quest.submittedBy?._id);
  return (
    <Box component="article" aria-label={title} h="100%">
      <QuestCard
        title={title}
        headingOrder={2}
        imageUrl={cover}
        category={questCategoryLabel(quest, t)}
        difficulty={quest.difficulty}
        difficultyLabel={t(`difficulties.${quest.difficulty}`)}
        xpLabel={t('moderation.xp', { xp: quest.xp })}
        city={placeOf(quest, t)}
        badges={
          <>
            <StatusBadge status={quest.status} label={t(`moderation.statusOptions.${quest.status}`)} />
            {quest.featured && (
              <Badge variant="light" size="sm" color="indigo">
                {t('moderation.featured')}
              </Badge>
            )}
          </>
        }
        actions={
          <>
            <Button
              size="xs"
              variant="light"
              onClick={onView}
              aria-label={t('moderation.viewDetailsOf', { title })}
            >
              {t('moderation.viewDetails')}
            </Button>
            {pending && own && (
              <Text size="xs" c="dimmed">
                {t('moderation.ownQuest')}
              </Text>
            )}
            {pending && !own && (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  leftSection={<IconCheck size={14} aria-hidden="true" />}
                  loading={approving}
                  onClick={onApprove}
                  aria-label={t('moderation.approveQuest', { title })}
                >
                  {t('moderation.approve')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconX size={14} aria-hidden="true" />}
                  disabled={approving}
                  onClick={onReject}
                  aria-label={t('moderation.rejectQuest', { title })}
                >
                  {t('moderation.reject')}
                </Button>
              </Group>
            )}
          </>
        }
      >
        <Stack gap={4}>
          <Fact icon={<IconClock size={14} aria-hidden="true" />}>
            {t('moderation.card.estimatedTime', { time: estimatedTimeOf(quest, t) })}
          </Fact>
          <Fact icon={<IconUser size={14} aria-hidden="true" />}>
            {t('moderation.card.submittedBy', { username: creatorName(quest, t) })}
          </Fact>
          <Fact icon={<IconTrophy size={14} aria-hidden="true" />}>
            {t('moderation.card.completions', { count: quest.completions })}
          </Fact>
        </Stack>
      </QuestCard>
    </Box>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" truncate>
        {children}
      </Text>
    </Group>
  );
}
