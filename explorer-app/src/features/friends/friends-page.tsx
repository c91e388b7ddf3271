import { SEARCH_LIMITS } from '@cityquest/contract';
import { useConfirmAction } from '@cityquest/web-client/ui/confirm-action';
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Friend,
  friendQueries,
  useBlockUser,
  useCancelFriendRequest,
  useRemoveFriend,
  useRespondToFriendRequest,
  useSendFriendRequest,
} from '../../lib/friends/friends-api.ts';

type Person = { _id: string; username: string; fullName: string | null; avatar: string | null };

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

function SearchForm({
  username,
  searching,
  onSearch,
}: {
  username: string;
  searching: boolean;
  onSearch: (username: string) => void;
}) {
  const { t } = useTranslation('profile');
  const form = useForm({
    initialValues: { username },
    transformValues: (values) => ({ username: values.username.trim() }),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        if (values.username) onSearch(values.username);
      })}
    >
      <Group align="end">
        <TextInput
          label={t('friends.searchLabel')}
          maxLength={SEARCH_LIMITS.username}
          style={{ flex: 1 }}
          {...form.getInputProps('username')}
        />
        <Button type="submit" loading={searching}>
          {t('friends.search')}
        </Button>
      </Group>
    </form>
  );
}

/** The last failed action's message, cleared by the next success. */
function useActionError() {
  const [error, setError] = useState<string | null>(null);
  const handlers = {
    onError: (failure: Error) => setError(failure.message),
    onSuccess: () => setError(null),
  };
  return { error, handlers };
}

/**
 * Friends (docs/product-rules/social.md#friend-requests, docs/product-rules/api-shapes.md#friends-call-sets): search, requests, friends. The searched
 * username lives in the URL (`?username=`), so back and refresh keep the results.
 */
export function FriendsPage({ username }: { username?: string }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate({ from: '/friends' });
  const { data: friends } = useSuspenseQuery(friendQueries.mine());
  const { data: pending } = useSuspenseQuery(friendQueries.pending());
  const { data: sent } = useSuspenseQuery(friendQueries.sent());
  const search = useQuery({ ...friendQueries.search(username ?? ''), enabled: Boolean(username) });
  const results = username ? search.data?.users : undefined;
  const { error: actionError, handlers } = useActionError();
  const send = useSendFriendRequest();
  const respond = useRespondToFriendRequest();
  const remove = useRemoveFriend();
  const cancel = useCancelFriendRequest();
  const block = useBlockUser();
  const error = actionError ?? search.error?.message ?? null;
  const confirmAction = useConfirmAction();
  function confirmRemove(friend: Friend) {
    confirmAction({
      title: t('friends.removeTitle'),
      body: t('friends.removeConfirm', { name: friend.fullName || friend.username }),
      confirmLabel: t('friends.remove'),
      // A refusal shows in the dialog; a removal clears the page's last failure.
      onConfirm: () => remove.mutateAsync(friend._id, { onSuccess: handlers.onSuccess }),
    });
  }

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
        {/* Keyed by the URL's username, so Back and Forward show the search they return to. */}
        <SearchForm
          key={username ?? ''}
          username={username ?? ''}
          searching={search.isFetching}
          onSearch={(next) => void navigate({ search: { username: next } })}
        />
        {results?.length === 0 && <Text mt="sm">{t('friends.noResults')}</Text>}
        <Stack mt="sm">
          {results?.map((person) => (
            <PersonRow key={person._id} person={person}>
              {person.friendship === 'none' && (
                <Button
                  size="xs"
                  loading={send.isPending && send.variables === person._id}
                  onClick={() => send.mutate(person._id, handlers)}
                >
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
        items={pending.requests}
        person={(request) => request.from}
        actions={(request) => (
          <>
            <Button
              size="xs"
              onClick={() => respond.mutate({ requestId: request._id, accept: true }, handlers)}
            >
              {t('friends.accept')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => respond.mutate({ requestId: request._id, accept: false }, handlers)}
            >
              {t('friends.decline')}
            </Button>
          </>
        )}
      />
      <PeopleSection
        id="sent-requests"
        title={t('friends.sent')}
        empty={t('friends.noSent')}
        items={sent.requests}
        person={(request) => request.to}
        actions={(request) => (
          <Button
            size="xs"
            variant="default"
            aria-label={t('friends.withdrawLabel', { name: request.to.username })}
            onClick={() => cancel.mutate(request.to._id, handlers)}
          >
            {t('friends.withdraw')}
          </Button>
        )}
      />
      <PeopleSection
        id="my-friends"
        title={t('friends.myFriends')}
        empty={t('friends.none')}
        items={friends.friends}
        person={(friend) => friend}
        actions={(friend) => (
          <>
            <Badge color={friend.status === 'Online' ? 'teal' : 'gray'}>
              {friend.status === 'Online' ? t('friends.online') : t('friends.offline')}
            </Badge>
            <Button size="xs" variant="default" onClick={() => confirmRemove(friend)}>
              {t('friends.remove')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => block.mutate(friend._id, handlers)}>
              {t('friends.block')}
            </Button>
          </>
        )}
      />
    </Stack>
  );
}
