import { ListPagination } from '@cityquest/web-client/ui/list-pagination';
import { ListScreen } from '@cityquest/web-client/ui/list-screen';
import { ListState } from '@cityquest/web-client/ui/list-state';
import { Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastPage } from '../../hooks/use-last-page.ts';
import { formatDateTime, timeAgo } from '../../lib/format-date.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import { ConversationDialog } from './conversation-dialog.tsx';
import {
  CONVERSATION_STATUS_FILTERS,
  CONVERSATIONS_PAGE_SIZE,
  CONVERSATIONS_REFRESH_MS,
  type ConversationSummary,
  supportQueries,
} from './support-api.ts';
import { displayName } from './support-labels.ts';

const route = getRouteApi('/_admin/admin/support');

/**
 * /admin/support: explorers' conversations with the team, most recently active first, 20 a page; each opens in a
 * dialog to read, reply and close (docs/product-rules/admin-screens.md#support-inbox).
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { page, status } = route.useSearch();
  const navigate = route.useNavigate();
  const conversations = useQuery(supportQueries.list({ page, status }));
  const list = useQueryStatus(conversations);
  const [selected, setSelected] = useState<ConversationSummary | null>(null);
  const pagination = conversations.data?.pagination;
  const goToPage = useCallback(
    (last: number) => void navigate({ search: (prev) => ({ ...prev, page: last }), replace: true }),
    [navigate],
  );
  useLastPage(conversations, page, goToPage);

  return (
    <ListScreen
      title={t('support.title')}
      subtitle={t('support.subtitle')}
      filtersLabel={t('support.filters')}
      filters={
        <NativeSelect
          label={t('support.status')}
          description={
            status === 'open'
              ? t('support.autoRefresh', { seconds: CONVERSATIONS_REFRESH_MS / 1000 })
              : undefined
          }
          value={status}
          onChange={(event) => {
            const chosen = CONVERSATION_STATUS_FILTERS.find((value) => value === event.currentTarget.value);
            // A status change starts again at page 1.
            if (chosen) void navigate({ search: (prev) => ({ ...prev, status: chosen, page: 1 }) });
          }}
          data={CONVERSATION_STATUS_FILTERS.map((value) => ({
            value,
            label: t(`support.statusOptions.${value}`),
          }))}
        />
      }
    >
      <ListState
        list={list}
        loaded={conversations.data?.conversations.length ?? 0}
        labels={{
          error: t('support.error'),
          dismiss: t('support.dismiss'),
          retry: t('support.retry'),
          loading: t('support.loading'),
        }}
        empty={{
          title: t(`support.empty.${status}`),
          description: t('support.emptyHint'),
          icon: <IconMessages size={28} aria-hidden="true" />,
        }}
      >
        <Stack gap="md" aria-busy={list.loading}>
          {pagination && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t(`support.total.${status}`, { count: pagination.totalConversations })}
            </Text>
          )}
          {conversations.data?.conversations.map((conversation) => (
            <ConversationCard
              key={conversation._id}
              conversation={conversation}
              onOpen={() => setSelected(conversation)}
            />
          ))}
          {pagination && (
            <ListPagination
              page={pagination.currentPage}
              totalPages={pagination.totalPages}
              totalItems={pagination.totalConversations}
              pageSize={CONVERSATIONS_PAGE_SIZE}
              onChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
            />
          )}
        </Stack>
      </ListState>

      <ConversationDialog summary={selected} onClose={() => setSelected(null)} />
    </ListScreen>
  );
}

function ConversationCard({
  conversation,
  onOpen,
}: {
  conversation: ConversationSummary;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { explorer, lastMessage } = conversation;
  const name = displayName(explorer, t);
  const headingId = `conversation-${conversation._id}`;
  const open = conversation.status === 'open';
  const waiting = open && conversation.awaitingReply;

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color={open ? 'green' : 'gray'}>
                {t(`support.statusOptions.${conversation.status}`)}
              </Badge>
              {waiting && (
                <Badge variant="filled" color="orange">
                  {t('support.card.waiting')}
                </Badge>
              )}
              <Text
                size="xs"
                c="dimmed"
                component="time"
                dateTime={conversation.updatedAt}
                title={formatDateTime(conversation.updatedAt)}
              >
                {t('support.card.active', { time: timeAgo(conversation.updatedAt, t) })}
              </Text>
            </Group>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {explorer?.fullName && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                @{explorer.username}
              </Text>
            )}
          </Stack>
          <Button
            size="sm"
            variant={waiting ? 'filled' : 'light'}
            onClick={onOpen}
            aria-label={t('support.card.openLabel', { name })}
          >
            {t('support.card.open')}
          </Button>
        </Group>

        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} inherit>
            {lastMessage.fromTeam ? t('support.card.lastFromTeam') : t('support.card.lastFromExplorer')}
          </Text>{' '}
          {lastMessage.text}
        </Text>
        <Text size="xs" c="dimmed">
          {t('support.card.messages', { count: conversation.messageCount })}
        </Text>
      </Stack>
    </Card>
  );
}
