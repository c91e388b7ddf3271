import { BadgeTile } from '@cityquest/shared-ui';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadgeLook } from '../../lib/badges/badge-tile-props.ts';
import { useFormatDate } from '../../lib/format-date.ts';
import { useLoad } from '../../lib/quests/use-load.ts';
import { profileListsApi } from './profile-api.ts';

/** A tab's list, loaded when the tab mounts (and again for another `key`), with the app's one async pattern. */
function useList<T>(load: () => Promise<T[]>, fallback: string, key = 'mine') {
  const { data, error } = useLoad(load, fallback, key);
  return { items: data, error };
}

/** Shows `limit` items with View More / Show Less (explorer-and-visitor.md, Profile: 6 quests, 6 badges, 3 friends). */
function Limited<T>({
  list,
  limit,
  empty,
  render,
  layout = (items) => items,
}: {
  list: { items: T[] | null; error: string | null };
  limit: number;
  empty: ReactNode;
  render: (item: T) => ReactNode;
  layout?: (items: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('profile');
  const [all, setAll] = useState(false);
  if (list.error) return <Alert color="red">{list.error}</Alert>;
  if (!list.items) return <Text c="dimmed">{t('loading')}</Text>;
  if (list.items.length === 0) return <>{empty}</>;
  return (
    <Stack>
      {layout((all ? list.items : list.items.slice(0, limit)).map(render))}
      {list.items.length > limit && (
        <Button variant="subtle" onClick={() => setAll(!all)}>
          {all ? t('showLess') : t('viewMore', { count: list.items.length - limit })}
        </Button>
      )}
    </Stack>
  );
}

function QuestsTab() {
  const { t } = useTranslation('profile');
  const list = useList(
    async () => (await profileListsApi.completedQuests()).quests,
    'Failed to fetch completed quests',
  );
  return (
    <Limited
      list={list}
      limit={6}
      empty={
        <Button component={Link} to="/explore">
          {t('exploreQuests')}
        </Button>
      }
      render={(progress) => (
        <Anchor key={progress._id} component={Link} to={`/quest-overview/${progress.quest_id._id}`}>
          {progress.quest_id.title}
        </Anchor>
      )}
    />
  );
}

function BadgesTab({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const list = useList(() => profileListsApi.badges(userId), 'Failed to fetch badges', userId);
  // Tier names and image text are the badge pages' strings, fetched when this tab first opens.
  const { look, ready } = useBadgeLook();
  const formatDate = useFormatDate();
  return (
    <Stack>
      <Limited
        list={ready ? list : { items: null, error: list.error }}
        limit={6}
        empty={
          <Group>
            <Text>{t('noBadges')}</Text>
            <Button component={Link} to="/explore">
              {t('exploreQuests')}
            </Button>
          </Group>
        }
        layout={(tiles) => (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            {tiles}
          </SimpleGrid>
        )}
        render={(earned) => (
          <BadgeTile
            key={earned.badge_id._id}
            {...look(earned.badge_id)}
            headingOrder={2}
            caption={t('badges.earnedOn', { date: formatDate(earned.earnedAt) })}
          />
        )}
      />
      <Group gap="lg">
        <Anchor component={Link} to="/badge-collection">
          {t('badges.viewAll')}
        </Anchor>
        <Anchor component={Link} to="/badges-gallery">
          {t('badges.gallery')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function FriendsTab() {
  const { t } = useTranslation('profile');
  const list = useList(async () => (await profileListsApi.friends()).friends, 'Failed to fetch friends');
  return (
    <Stack>
      <Limited
        list={list}
        limit={3}
        empty={<Text>{t('friends.none')}</Text>}
        render={(friend) => (
          <Group key={friend._id}>
            <Anchor component={Link} to={`/profile/${friend._id}`}>
              {friend.fullName || friend.username}
            </Anchor>
            <Badge color={friend.status === 'Online' ? 'teal' : 'gray'}>
              {friend.status === 'Online' ? t('friends.online') : t('friends.offline')}
            </Badge>
          </Group>
        )}
      />
      <Anchor component={Link} to="/friends">
        {t('manageFriends')}
      </Anchor>
    </Stack>
  );
}

/** Own-profile tabs; Overview is the stats block the page passes in. */
export function ProfileTabs({ userId, overview }: { userId: string; overview: ReactNode }) {
  const { t } = useTranslation('profile');
  return (
    <Tabs defaultValue="overview" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="overview">{t('tabs.overview')}</Tabs.Tab>
        <Tabs.Tab value="quests">{t('tabs.quests')}</Tabs.Tab>
        <Tabs.Tab value="badges">{t('tabs.badges')}</Tabs.Tab>
        <Tabs.Tab value="friends">{t('tabs.friends')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview" pt="md">
        {overview}
      </Tabs.Panel>
      <Tabs.Panel value="quests" pt="md">
        <QuestsTab />
      </Tabs.Panel>
      <Tabs.Panel value="badges" pt="md">
        <BadgesTab userId={userId} />
      </Tabs.Panel>
      <Tabs.Panel value="friends" pt="md">
        <FriendsTab />
      </Tabs.Panel>
    </Tabs>
  );
}
