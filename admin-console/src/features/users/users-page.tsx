import { relativeTime } from '@cityquest/shared-ui';
import {
  Avatar,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';
import { ListPagination } from '../../lib/list-pagination.tsx';
import { ListState } from '../../lib/list-state.tsx';
import { mediaUrl } from '../../lib/media-url.ts';
import { useUsersList } from './use-users-list.ts';
import { AccountStatusBadge, RoleBadge } from './user-badges.tsx';
import { UserDetailsModal } from './user-details-modal.tsx';
import { type AdminUser, type RoleFilter, type StatusFilter, USERS_PAGE_SIZE } from './users-api.ts';

const ROLES: RoleFilter[] = ['all', 'user', 'admin', 'super_admin'];
const STATUSES: StatusFilter[] = ['all', 'active', 'suspended', 'inactive'];

/** /admin/users: search (debounced 300 ms), role and status filters, 20 users a page, details and actions. */
export function UsersPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, 300);
  const [role, setRole] = useState<RoleFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [pageState, setPageState] = useState({ page: 1, key: '' });
  // Any filter change starts again at page 1.
  const filterKey = `${search.trim()}|${role}|${status}`;
  const page = pageState.key === filterKey ? pageState.page : 1;
  const list = useUsersList({ page, search, role, status });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.users.find((user) => user._id === selectedId) ?? null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('users.title')}</Title>
        <Text c="dimmed">{t('users.subtitle')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="search" aria-label={t('users.filters')}>
        <TextInput
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          maxLength={100}
          type="search"
        />
        <NativeSelect
          label={t('users.role')}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as RoleFilter)}
          data={ROLES.map((value) => ({ value, label: t(`users.roleOptions.${value}`) }))}
        />
        <NativeSelect
          label={t('users.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as StatusFilter)}
          data={STATUSES.map((value) => ({ value, label: t(`users.statusOptions.${value}`) }))}
        />
      </SimpleGrid>

      <ListState
        list={list}
        loaded={list.users.length}
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
          {list.pagination && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('users.total', { count: list.pagination.totalUsers })}
            </Text>
          )}
          <UsersTable users={list.users} busy={list.loading} onOpen={setSelectedId} />
          {list.pagination && (
            <ListPagination
              page={list.pagination.currentPage}
              totalPages={list.pagination.totalPages}
              totalItems={list.pagination.totalUsers}
              pageSize={USERS_PAGE_SIZE}
              onChange={(next) => setPageState({ page: next, key: filterKey })}
            />
          )}
        </Stack>
      </ListState>

      <UserDetailsModal user={selected} onClose={() => setSelectedId(null)} onUpdated={list.replaceUser} />
    </Stack>
  );
}

function UsersTable({
  users,
  busy,
  onOpen,
}: {
  users: AdminUser[];
  busy: boolean;
  onOpen: (id: string) => void;
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
              const name = user.fullName || user.username || t('users.unknownUser');
              return (
                <Table.Tr key={user._id}>
                  <Table.Th scope="row" fw="normal">
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={user.avatar ? mediaUrl(user.avatar) : null} alt="" radius="xl" size={36}>
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
                    <Text size="sm">
                      {user.lastActive
                        ? relativeTime(user.lastActive, { locale: 'en', justNow: t('users.justNow') })
                        : t('users.never')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onOpen(user._id)}
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
