import type { Schema } from '@cityquest/contract';
import { BadgeTile } from '@cityquest/shared-ui';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadgeLook } from '../../lib/badges/badge-tile-props.ts';
import { useFormatDate } from '../../lib/format-date.ts';
import { friendQueries } from '../../lib/friends/friends-api.ts';
import type { ProfileTab, ProgressSummary } from './profile-api.ts';
import { ProfileQuestCard } from './profile-quest-card.tsx';
import { profileQuestQueries } from './profile-quests-api.ts';

type List<T> = {
  items: T[] | undefined;
  error: string | null;
  /** How many there are, when `items` may hold only the first of them; View More then calls `loadRest`. */
  total?: number;
  loadRest?: () => Promise<void>;
};

/** Shows `limit` items with View More / Show Less (6 quests, 6 badges, 3 friends: docs/product-rules/explorer-screens.md#profile). */
function Limited<T>({
  list,
  limit,
  empty,
  render,
  layout = (items) => items,
}: {
  list: List<T>;
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
  const total = list.total ?? list.items.length;
  function toggle() {
    if (!all) void list.loadRest?.();
    setAll(!all);
  }
  return (
    <Stack>
      {layout((all ? list.items : list.items.slice(0, limit)).map(render))}
      {total > limit && (
        <Button variant="subtle" onClick={toggle}>
          {all ? t('showLess') : t('viewMore', { count: total - limit })}
        </Button>
      )}
    </Stack>
  );
}

/** Ongoing quests first, then completed ones newest first (docs/product-rules/explorer-screens.md#profile). */
function QuestsTab() {
  const { t } = useTranslation('profile');
  const ongoing = useQuery(profileQuestQueries.ongoing());
  const completed = useInfiniteQuery(profileQuestQueries.completed());
  const pages = completed.data?.pages;
  const list: List<ProgressSummary> = {
    items: ongoing.data && pages ? [...ongoing.data, ...pages.flatMap((page) => page.quests)] : undefined,
    error: (ongoing.error ?? completed.error)?.message ?? null,
    total: ongoing.data && pages?.[0] ? ongoing.data.length + pages[0].pagination.totalQuests : undefined,
    loadRest: async () => {
      for (let more = completed.hasNextPage; more; ) {
        const next = await completed.fetchNextPage();
        more = next.hasNextPage && !next.isError;
      }
    },
  };
  return (
    <Limited
      list={list}
      limit={6}
      empty={
        <Button component={Link} to="/explore">
          {t('exploreQuests')}
        </Button>
      }
      layout={(cards) => <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{cards}</SimpleGrid>}
      render={(progress) => <ProfileQuestCard key={progress._id} progress={progress} />}
    />
  );
}

/** The explorer's earned badges, as their profile lists them (newest first). */
function BadgesTab({ badges }: { badges: Schema<'EarnedBadge'>[] }) {
  const { t } = useTranslation('profile');
  // Tier names and image text are the badge pages' strings, fetched when this tab first opens.
  const { look, ready } = useBadgeLook();
  const formatDate = useFormatDate();
  return (
    <Stack>
      <Limited
        list={{ items: ready ? badges : undefined, error: null }}
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
  const friends = useQuery(friendQueries.mine());
  const list = { items: friends.data?.friends, error: friends.error?.message ?? null };
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

/** Own-profile tabs; Overview is the stats block the page passes in. The others load when first opened. */
export function ProfileTabs({
  tab,
  onTabChange,
  badges,
  overview,
}: {
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
  badges: Schema<'EarnedBadge'>[];
  overview: ReactNode;
}) {
  const { t } = useTranslation('profile');
  return (
    <Tabs value={tab} onChange={(next) => next && onTabChange(next as ProfileTab)} keepMounted={false}>
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
        <BadgesTab badges={badges} />
      </Tabs.Panel>
      <Tabs.Panel value="friends" pt="md">
        <FriendsTab />
      </Tabs.Panel>
    </Tabs>
  );
}
