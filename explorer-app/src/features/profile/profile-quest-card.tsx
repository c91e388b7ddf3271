import { Anchor, Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import type { ProgressSummary } from './profile-api.ts';
import { questLinkOf } from './profile-quests.ts';

/** One of the explorer's quests on the profile: ongoing with its progress, or completed with the xp earned. */
export function ProfileQuestCard({ progress }: { progress: ProgressSummary }) {
  const { t } = useTranslation('profile');
  const formatDate = useFormatDate();
  const quest = progress.quest_id;
  const ongoing = progress.status === 'ongoing';
  return (
    <Card withBorder radius="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Anchor
            renderRoot={(props) => <Link {...props} {...questLinkOf(progress)} />}
            fw={600}
            lineClamp={2}
          >
            {quest.title}
          </Anchor>
          <Badge variant="light" color={ongoing ? 'blue' : 'teal'} style={{ flexShrink: 0 }}>
            {ongoing ? t('questCard.ongoing') : t('questCard.completed')}
          </Badge>
        </Group>
        {ongoing ? (
          <>
            <Progress
              value={progress.progress}
              size="sm"
              aria-label={t('questCard.progressOf', { title: quest.title })}
            />
            <Text size="sm" c="dimmed">
              {t('questCard.percent', { percent: progress.progress })} ·{' '}
              {t('questCard.reward', { xp: quest.xp })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('questCard.completedOn', { date: formatDate(progress.completedAt ?? progress.updatedAt) })} ·{' '}
            {t('questCard.earned', { xp: progress.xpEarned })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
