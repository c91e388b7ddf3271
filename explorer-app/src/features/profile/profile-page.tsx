import { XpLevelIndicator } from '@cityquest/shared-ui';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MyProfile, type PublicProfile, profileApi } from './profile-api.ts';
import { ProfileTabs } from './profile-tabs.tsx';

type AnyProfile = Partial<MyProfile> & Partial<PublicProfile> & { username: string; level: number };

function useProfile(userId?: string) {
  const [profile, setProfile] = useState<AnyProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    setProfile(null);
    (userId ? profileApi.of(userId) : profileApi.mine())
      .then((data) => setProfile(data as AnyProfile))
      .catch((failure: Error) => setError(failure.message));
  }, [userId]);
  useEffect(load, [load]);
  return { profile, error, retry: load };
}

/** Profile screen (explorer-and-visitor.md, Profile): own profile without userId, someone else's with it. */
export function ProfilePage({ userId }: { userId?: string }) {
  const { t, i18n } = useTranslation('profile');
  const { profile, error, retry } = useProfile(userId);
  if (error)
    return (
      <Alert color="red" title={error}>
        <Button onClick={retry}>{t('retry')}</Button>
      </Alert>
    );
  if (!profile) return <Skeleton height={240} aria-label={t('loading')} />;
  // Overview stats as explorer-and-visitor.md names them (Profile, Overview tab), plus the streak.
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
      <Text>{profile.bio || (userId ? '' : t('noBio'))}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {stats.map(([key, value]) => (
          <Card key={key} withBorder>
            <Text size="xl" fw={700}>
              {value}
            </Text>
            <Text size="sm">{t(`stats.${key}`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
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
        {!userId && (
          <Button component={Link} to="/settings" ml="auto">
            {t('editProfile')}
          </Button>
        )}
      </Group>
      <XpLevelIndicator
        level={profile.level}
        currentXP={profile.currentXP ?? 0}
        nextLevelXP={profile.nextLevelXP ?? profile.level * 100}
      />
      {profile.isPrivate ? (
        <Alert>{t('privateNote')}</Alert>
      ) : userId || !profile._id ? (
        overview
      ) : (
        <ProfileTabs userId={profile._id} overview={overview} />
      )}
    </Stack>
  );
}
