import { XP_PER_LEVEL } from '@cityquest/contract/rules';
import { XpLevelIndicator } from '@cityquest/shared-ui';
import { Alert, Avatar, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import type { ProfileTab } from './profile-api.ts';
import { type MyProfile, type PublicProfile, profileQueries } from './profile-api.ts';
import { ProfileTabs } from './profile-tabs.tsx';
import { RecentActivity } from './recent-activity.tsx';

type AnyProfile = Partial<MyProfile> & Partial<PublicProfile> & { username: string; level: number };

/** Own profile (docs/product-rules/explorer-screens.md#profile), with its tabs; the open tab is the URL's. */
export function MyProfilePage({
  tab,
  onTabChange,
}: {
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
}) {
  const { data: profile } = useSuspenseQuery(questQueries.myProfile());
  return (
    <ProfileView
      profile={profile}
      activity={<RecentActivity />}
      tabs={(overview) => (
        <ProfileTabs tab={tab} onTabChange={onTabChange} badges={profile.badges} overview={overview} />
      )}
    />
  );
}

/** Someone else's profile: the overview, or a note when it is private. */
export function PublicProfilePage({ userId }: { userId: string }) {
  const { data: profile } = useSuspenseQuery(profileQueries.of(userId));
  return <ProfileView profile={profile} />;
}

function ProfileView({
  profile,
  activity,
  tabs,
}: {
  profile: AnyProfile;
  /** The own overview's Recent Activity, under the stats. */
  activity?: React.ReactNode;
  tabs?: (overview: React.ReactNode) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('profile');
  const own = tabs !== undefined;
  // Overview stats (docs/product-rules/progress-and-xp.md#profile-stats).
  const stats: [string, string | number][] = [
    ['questsCompleted', profile.questsCompleted ?? 0],
    ['questsOngoing', profile.questsOngoing ?? 0],
    ['totalXP', profile.totalXP ?? profile.xp ?? 0],
    ['badgesEarned', profile.badgesEarned ?? 0],
    ['distanceExplored', (profile.distanceExplored ?? 0).toFixed(1)],
    ['questsCreated', profile.questsCreated ?? 0],
    ['currentStreak', profile.currentStreak ?? 0],
  ];
  const overview = (
    <Stack>
      <Text>{profile.bio || (own ? t('noBio') : '')}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {stats.map(([key, value]) => (
          <Card key={key} withBorder>
            <Text size="xl" fw={700}>
              {value}
            </Text>
            <Text size="sm">{t(`stats.${key}` as TranslationKey<'profile'>)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      {own && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to="/leaderboard"
            variant="light"
            leftSection={<IconTrophy size={18} aria-hidden="true" />}
          >
            {t('seeLeaderboard')}
          </Button>
        </Group>
      )}
      {activity}
      {profile.categoryXP && (
        <Card withBorder>
          <Title order={2} size="h4">
            {t('categoryXP')}
          </Title>
          {Object.entries(profile.categoryXP).map(([category, xp]) => (
            <Text key={category}>
              {category}: {xp} XP
            </Text>
          ))}
        </Card>
      )}
      {profile.lastLogin && (
        <Text size="sm" c="dimmed">
          {t('lastLogin', { date: new Date(profile.lastLogin).toLocaleString(i18n.language) })}
        </Text>
      )}
      {profile.profileCompleteness !== undefined && (
        <Text>{t('completeness', { percent: profile.profileCompleteness })}</Text>
      )}
    </Stack>
  );
  return (
    <Stack p="md" maw={960} mx="auto">
      {profile.coverImage && <Image src={profile.coverImage} alt="" h={180} radius="md" />}
      <Group>
        <Avatar src={profile.avatar ?? undefined} size={96} alt={profile.username} />
        <Stack gap={2}>
          <Title order={1}>{profile.fullName || profile.username}</Title>
          <Text c="dimmed">@{profile.username}</Text>
          {profile.rank && <Text>{profile.rank}</Text>}
        </Stack>
        {own && (
          <Button component={Link} to="/settings" ml="auto">
            {t('editProfile')}
          </Button>
        )}
      </Group>
      <XpLevelIndicator
        level={profile.level}
        currentXP={profile.currentXP ?? 0}
        nextLevelXP={profile.nextLevelXP ?? XP_PER_LEVEL}
      />
      {profile.isPrivate ? <Alert>{t('privateNote')}</Alert> : (tabs?.(overview) ?? overview)}
    </Stack>
  );
}
