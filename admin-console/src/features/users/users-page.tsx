import {
  ROLE_FILTERS,
  type RoleFilter,
  USER_STATUS_FILTERS,
  type UserStatusFilter,
} from '@cityquest/contract';
import { shownTotal } from '@cityquest/shared-ui';
import { ListPagination } from '@cityquest/web-client/ui/list-pagination';
import { ListScreen, ListSearchInput } from '@cityquest/web-client/ui/list-screen';
import { ListState } from '@cityquest/web-client/ui/list-state';
import {
  Avatar,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchText } from '../../hooks/use-search-text.ts';
import { formatDate, timeAgo } from '../../lib/format-date.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import { AccountStatusBadge, RoleBadge } from './user-badges.tsx';
import { UserDetailsModal } from './user-details-modal.tsx';
import { type AdminUser, USERS_PAGE_SIZE, type UserListSearch, usersQueries } from './users-api.ts';

type Props = { search: UserListSearch; onSearchChange: (change: UserListSearch) => void };

/**
 * /admin/users: search (debounced 300 ms), role and status filters, 20 users a page, details and actions. The
 * page, search and filters live in the address; any filter change starts again at page 1.
 */
export function UsersPage({ search, onSearchChange }: Props) {
  const { t } = useTranslation();
  const query = useQuery({ ...usersQueries.list(search), placeholderData: keepPreviousData });
  const status = useQueryStatus(query);
  const [searchText, setSearchText] = useSearchText(search.search ?? '', (text) =>
    onSearchChange({ search: text || undefined, page: undefined }),
  );
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const users = query.data?.users ?? [];
  const pagination = query.data?.pagination ?? null;
  // The row's copy is the freshest; the details keep theirs when a filter no longer lists the account.
  const shown = (selected && users.find((user) => user._id === selected._id)) ?? selected;

  return (
    <ListScreen
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      filtersLabel={t('users.filters')}
      filters={
        <>
          <ListSearchInput
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={searchText}
            onChange={setSearchText}
          />
          <NativeSelect
            label={t('users.role')}
            value={search.role ?? 'all'}
            onChange={(event) => {
              const role = event.currentTarget.value as RoleFilter;
              onSearchChange({ role: role === 'all' ? undefined : role, page: undefined });
            }}
            data={ROLE_FILTERS.map((value) => ({ value, label: t(`users.roleOptions.${value}`) }))}
          />
          <NativeSelect
            label={t('users.status')}
            value={search.status ?? 'all'}
            onChange={(event) => {
              const status = event.currentTarget.value as UserStatusFilter;
              onSearchChange({ status: status === 'all' ? undefined : status, page: undefined });
            }}
            data={USER_STATUS_FILTERS.map((value) => ({ value, label: t(`users.statusOptions.${value}`) }))}
          />
        </>
      }
    >
      <ListState
        list={status}
        loaded={users.length}
        labels={{
          error: t('users.error'),
          dismiss: t('users.dismiss'),
          retry: t('users.retry'),
          loading: t('users.loading'),
        }}
        empty={{
          title: t('users.empty'),
          description: t('users.emptyHint'),
          icon: <IconUsers size={28} aria-hidden="true" />,
        }}
      >
        <Stack gap="sm">
          {pagination && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('users.total', {
                count: pagination.totalUsers,
                shown: shownTotal(pagination.totalUsers, pagination.totalCapped),
              })}
            </Text>
          )}
          <UsersTable users={users} busy={status.loading} onOpen={setSelected} />
          {pagination && (
            <ListPagination
              page={pagination.currentPage}
              totalPages={pagination.totalPages}
              totalItems={pagination.totalUsers}
              totalCapped={pagination.totalCapped}
              pageSize={USERS_PAGE_SIZE}
              onChange={(page) => onSearchChange({ page: page > 1 ? page : undefined })}
            />
          )}
        </Stack>
      </ListState>

      <UserDetailsModal user={shown} onClose={() => setSelected(null)} />
    </ListScreen>
  );
}

function UsersTable({
  users,
  busy,
  onOpen,
}: {
  users: AdminUser[];
  busy: boolean;
  onOpen: (user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" aria-busy={busy}>
      {/* On a phone the table keeps its columns and scrolls sideways inside its own frame. */}
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('users.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('users.columns.user')}</Table.Th>
              <Table.Th scope="col">{t('users.columns.email')}</Table.Th>
              <Table.Th scope="col">{t('users.columns.role')}</Table.Th>
              <Table.Th scope="col">{t('users.columns.status')}</Table.Th>
              <Table.Th scope="col">{t('users.columns.xp')}</Table.Th>
              <Table.Th scope="col">{t('users.columns.quests')}</Table.Th>
              <Table.Th scope="col">{t('users.columns.joined')}</Table.Th>
              <Table.Th scope="col">{t('users.columns.lastActive')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('users.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => {
              const name = user.fullName || user.username || t('missing.user');
              return (
                <Table.Tr key={user._id}>
                  <Table.Th scope="row" fw="normal">
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={user.avatar} alt="" radius="xl" size={36}>
                        {name.slice(0, 1).toUpperCase()}
                      </Avatar>
                      <div>
                        <Text size="sm" fw={600}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          @{user.username}
                        </Text>
                      </div>
                    </Group>
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RoleBadge role={user.role} />
                  </Table.Td>
                  <Table.Td>
                    <AccountStatusBadge active={user.accountVerified} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.xp}</Text>
                    <Text size="xs" c="dimmed">
                      {t('users.level', { level: user.level })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('users.questsCell', {
                        completed: user.questsCompleted,
                        created: user.questsCreated,
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(user.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.lastActive ? timeAgo(user.lastActive, t) : t('users.never')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onOpen(user)}
                      aria-label={t('users.viewDetailsOf', { name })}
                    >
                      {t('users.viewDetails')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
