import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * 'Your Explorer Hub' is a static demo (docs/product-rules/sample-data.md#sample-content-in-the-apps): sample
 * badges and friends' activity, marked as a sample; the active-quest count is the explorer's own.
 */
export function ExplorerHub({ activeQuests }: { activeQuests: number | null }) {
  const { t } = useTranslation('quests');
  const links = [
    { to: '/profile', label: t('home.hub.profile') },
    { to: '/leaderboard', label: t('home.hub.leaderboard') },
    { to: '/badges-gallery', label: t('home.hub.badgesLink') },
    { to: '/messages', label: t('home.hub.messages') },
  ] as const;
  return (
    <Stack gap="sm" component="section" aria-labelledby="hub-title">
      <Group gap="xs">
        <Title order={2} id="hub-title">
          {t('home.hub.title')}
        </Title>
        <Badge variant="outline" color="gray">
          {t('home.hub.demo')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <Card withBorder radius="lg" p="md">
          <Title order={3} size="h5" mb="xs">
            {t('home.hub.badges')}
          </Title>
          <Stack gap="xs">
            {[
              { name: t('home.hub.badgeArt'), progress: 60 },
              { name: t('home.hub.badgeFood'), progress: 35 },
            ].map((badge) => (
              <div key={badge.name}>
                <Text size="sm">{badge.name}</Text>
                <Progress value={badge.progress} aria-label={badge.name} />
                <Text size="xs" c="dimmed">
                  {t('home.hub.badgeProgress', { progress: badge.progress })}
                </Text>
              </div>
            ))}
            <Anchor component={Link} to="/badge-collection" size="sm">
              {t('home.hub.badgesCollection')}
            </Anchor>
          </Stack>
        </Card>
        <Card withBorder radius="lg" p="md">
          <Title order={3} size="h5" mb="xs">
            {t('home.hub.activeQuests')}
          </Title>
          <Text>{activeQuests === null ? '–' : t('home.hub.activeCount', { count: activeQuests })}</Text>
          <Anchor component={Link} to="/my-quest" size="sm">
            {t('viewAll')}
          </Anchor>
        </Card>
        <Card withBorder radius="lg" p="md">
          <Title order={3} size="h5" mb="xs">
            {t('home.hub.friends')}
          </Title>
          <Stack gap={4}>
            <Text size="sm">{t('home.hub.friendOne')}</Text>
            <Text size="sm">{t('home.hub.friendTwo')}</Text>
          </Stack>
        </Card>
        <Card withBorder radius="lg" p="md">
          <Title order={3} size="h5" mb="xs">
            {t('home.hub.quickLinks')}
          </Title>
          <Stack gap={4}>
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
