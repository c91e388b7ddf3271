import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Friend, type FriendRequest, friendsApi, type UserSearchResult } from './friends-api.ts';

type Person = { _id: string; username: string; fullName: string; avatar: string | null };

function PersonRow({ person, children }: { person: Person; children?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="sm">
        <Avatar src={person.avatar ?? undefined} alt={person.username} radius="xl" />
        <div>
          <Text fw={600}>{person.fullName || person.username}</Text>
          <Text size="sm" c="dimmed">
            @{person.username}
          </Text>
        </div>
      </Group>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/** One titled list of people (pending, sent, friends), or its empty text. */
function PeopleSection<T extends { _id: string }>({
  id,
  title,
  empty,
  items,
  person,
  actions,
}: {
  id: string;
  title: string;
  empty: string;
  items: T[];
  person: (item: T) => Person;
  actions: (item: T) => ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {items.length === 0 && <Text c="dimmed">{empty}</Text>}
      {items.map((item) => (
        <PersonRow key={item._id} person={person(item)}>
          {actions(item)}
        </PersonRow>
      ))}
    </Card>
  );
}

/** Friends (explorer-and-visitor.md section 7, second set of friends calls): search, requests, friends. */
export function FriendsPage() {
  const { t } = useTranslation('profile');
  const [friends, setFriends] = useState<Friend[]>([]);
  const [pending, setPending] = useState<FriendRequest[]>([]);
  const [sent, setSent] = useState<FriendRequest[]>([]);
  const [results, setResults] = useState<UserSearchResult[] | null>(null);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Friend | null>(null);

  const act = useCallback(async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, []);

  const reload = useCallback(
    () =>
      act(async () => {
        const [mine, received, mineSent] = await Promise.all([
          friendsApi.myFriends(),
          friendsApi.pending(),
          friendsApi.sent(),
        ]);
        setFriends(mine.friends);
        setPending(received.requests);
        setSent(mineSent.requests);
      }),
    [act],
  );
  useEffect(() => void reload(), [reload]);

  function search(event: FormEvent) {
    event.preventDefault();
    if (!query.trim()) return;
    void act(async () => setResults((await friendsApi.search(query.trim())).users));
  }

  const then = (work: () => Promise<unknown>) => () =>
    void act(async () => {
      await work();
      await reload();
      if (results && query.trim()) setResults((await friendsApi.search(query.trim())).users);
    });

  return (
    <Stack p="md" maw={720} mx="auto">
      <Title order={1}>{t('friends.title')}</Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Card withBorder component="section" aria-labelledby="find-people">
        <Title order={2} size="h4" id="find-people">
          {t('friends.find')}
        </Title>
        <form onSubmit={search}>
          <Group align="end">
            <TextInput
              label={t('friends.searchLabel')}
              value={query}
              maxLength={30}
              onChange={(event) => setQuery(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit">{t('friends.search')}</Button>
          </Group>
        </form>
        {results?.length === 0 && <Text mt="sm">{t('friends.noResults')}</Text>}
        <Stack mt="sm">
          {results?.map((person) => (
            <PersonRow key={person._id} person={person}>
              {person.friendship === 'none' && (
                <Button size="xs" onClick={then(() => friendsApi.send(person._id))}>
                  {t('friends.add')}
                </Button>
              )}
              {person.friendship === 'request_sent' && <Badge>{t('friends.requested')}</Badge>}
              {person.friendship === 'friends' && <Badge color="teal">{t('friends.isFriend')}</Badge>}
            </PersonRow>
          ))}
        </Stack>
      </Card>
      <PeopleSection
        id="pending-requests"
        title={t('friends.pending')}
        empty={t('friends.noPending')}
        items={pending}
        person={(request) => request.from}
        actions={(request) => (
          <>
            <Button size="xs" onClick={then(() => friendsApi.respond(request._id, true))}>
              {t('friends.accept')}
            </Button>
            <Button size="xs" variant="default" onClick={then(() => friendsApi.respond(request._id, false))}>
              {t('friends.decline')}
            </Button>
          </>
        )}
      />
      <PeopleSection
        id="sent-requests"
        title={t('friends.sent')}
        empty={t('friends.noSent')}
        items={sent}
        person={(request) => request.to}
        actions={(request) => (
          <Button
            size="xs"
            variant="default"
            aria-label={t('friends.withdrawLabel', { name: request.to.username })}
            onClick={then(() => friendsApi.withdraw(request.to._id))}
          >
            {t('friends.withdraw')}
          </Button>
        )}
      />
      <PeopleSection
        id="my-friends"
        title={t('friends.myFriends')}
        empty={t('friends.none')}
        items={friends}
        person={(friend) => friend}
        actions={(friend) => (
          <>
            <Badge color={friend.status === 'Online' ? 'teal' : 'gray'}>
              {friend.status === 'Online' ? t('friends.online') : t('friends.offline')}
            </Badge>
            <Button size="xs" variant="default" onClick={() => setRemoving(friend)}>
              {t('friends.remove')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={then(() => friendsApi.block(friend._id))}>
              {t('friends.block')}
            </Button>
          </>
        )}
      />
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('friends.removeTitle')}>
        <Text size="sm">
          {t('friends.removeConfirm', { name: removing?.fullName || removing?.username || '' })}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('friends.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              const friend = removing;
              setRemoving(null);
              if (friend) then(() => friendsApi.remove(friend._id))();
            }}
          >
            {t('friends.remove')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
