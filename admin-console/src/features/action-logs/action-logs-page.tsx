import { ACTION_TYPES, type ActionType } from '@cityquest/contract';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { ListPagination } from '@cityquest/web-client/ui/list-pagination';
import { ListScreen, ListSearchInput } from '@cityquest/web-client/ui/list-screen';
import { ListState } from '@cityquest/web-client/ui/list-state';
import { Badge, Group, NativeSelect, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAward,
  IconCheck,
  IconCrown,
  IconEdit,
  IconFlag,
  IconHistory,
  IconPhotoCheck,
  IconPhotoX,
  IconShieldDown,
  IconShieldOff,
  IconShieldUp,
  IconSparkles,
  IconTrash,
  IconUserCheck,
  IconUserOff,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type ActionLog, actionLogQueries, PAGE_SIZES, type PageSize } from '../../api/action-logs-api.ts';
import { useSearchText } from '../../hooks/use-search-text.ts';
import { formatDateTime, timeAgo } from '../../lib/format-date.ts';
import { logSentence } from '../../lib/log-sentence.ts';
import { useQueryStatus } from '../../lib/query-status.ts';

const route = getRouteApi('/_admin/admin/action-logs');

const ICONS: Record<ActionType, { icon: typeof IconCheck; color: string }> = {
  user_promotion: { icon: IconShieldUp, color: 'blue' },
  user_demotion: { icon: IconShieldDown, color: 'orange' },
  super_admin_promotion: { icon: IconCrown, color: 'grape' },
  user_suspension: { icon: IconUserOff, color: 'red' },
  user_reactivation: { icon: IconUserCheck, color: 'green' },
  quest_approval: { icon: IconCheck, color: 'green' },
  quest_rejection: { icon: IconX, color: 'red' },
  quest_update: { icon: IconEdit, color: 'blue' },
  quest_deletion: { icon: IconTrash, color: 'red' },
  task_proof_approval: { icon: IconPhotoCheck, color: 'green' },
  task_proof_rejection: { icon: IconPhotoX, color: 'red' },
  badge_award: { icon: IconAward, color: 'yellow' },
  badge_creation: { icon: IconSparkles, color: 'yellow' },
  report_resolution: { icon: IconFlag, color: 'teal' },
  two_factor_reset: { icon: IconShieldOff, color: 'red' },
};

/** /admin/action-logs: who did what, filtered by action type and admin, 10, 20 or 50 a page. */
export function ActionLogsPage() {
  const { t } = useTranslation();
  const { page, actionType, adminId, limit, search = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const logs = useQuery(actionLogQueries.list({ page, limit, actionType, adminId }));
  const status = useQueryStatus(logs);
  const admins = useQuery(actionLogQueries.admins());
  const adminsStatus = useQueryStatus(admins);
  const [searchText, setSearchText] = useSearchText(search, (text) =>
    navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true }),
  );
  // Any filter or page-size change starts again at page 1.
  const setFilter = (filter: { actionType?: ActionType; adminId?: string; limit?: PageSize }) =>
    navigate({ search: (prev) => ({ ...prev, ...filter, page: 1 }) });

  // The search box narrows the loaded page by its description sentences; the server filters the rest.
  const needle = search.toLowerCase();
  const entries = (logs.data?.logs ?? []).map((log) => ({ log, sentence: logSentence(log, t) }));
  const shown = needle ? entries.filter((entry) => entry.sentence.toLowerCase().includes(needle)) : entries;
  const pagination = logs.data?.pagination;

  return (
    <ListScreen
      title={t('logs.title')}
      subtitle={t('logs.subtitle')}
      filtersLabel={t('logs.filters')}
      filterColumns={{ base: 1, xs: 2, md: 4 }}
      filters={
        <>
          <ListSearchInput
            label={t('logs.search')}
            placeholder={t('logs.searchPlaceholder')}
            value={searchText}
            onChange={setSearchText}
          />
          <NativeSelect
            label={t('logs.actionType')}
            value={actionType ?? 'all'}
            onChange={(event) =>
              setFilter({ actionType: ACTION_TYPES.find((type) => type === event.currentTarget.value) })
            }
            data={[
              { value: 'all', label: t('logs.allActions') },
              ...ACTION_TYPES.map((value) => ({ value, label: t(`logs.types.${value}`) })),
            ]}
          />
          <NativeSelect
            label={t('logs.admin')}
            value={adminId ?? 'all'}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setFilter({ adminId: value === 'all' ? undefined : value });
            }}
            data={[
              { value: 'all', label: t('logs.allAdmins') },
              ...(admins.data ?? []).map((admin) => ({
                value: admin._id,
                label: t('logs.adminOption', {
                  username: admin.username,
                  role: t(`logs.roles.${admin.role}`),
                }),
              })),
            ]}
          />
          <NativeSelect
            label={t('logs.pageSize')}
            value={String(limit)}
            onChange={(event) => {
              const size = PAGE_SIZES.find((choice) => String(choice) === event.currentTarget.value);
              if (size) setFilter({ limit: size });
            }}
            data={PAGE_SIZES.map((size) => String(size))}
          />
        </>
      }
    >
      <ListState
        list={status}
        loaded={entries.length}
        shown={shown.length}
        labels={{
          error: t('logs.error'),
          dismiss: t('logs.dismiss'),
          retry: t('logs.retry'),
          loading: t('logs.loading'),
        }}
        empty={{ title: t('logs.empty'), icon: <IconHistory size={28} aria-hidden="true" /> }}
        notices={
          adminsStatus.error && (
            <ErrorBanner
              title={t('logs.error')}
              message={adminsStatus.error}
              dismissLabel={t('logs.dismiss')}
              onDismiss={adminsStatus.dismissError}
            />
          )
        }
      >
        <Stack
          component="ol"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('logs.listLabel')}
          aria-busy={status.loading}
        >
          {shown.map(({ log, sentence }) => (
            <LogEntry key={log._id} log={log} sentence={sentence} />
          ))}
        </Stack>
      </ListState>

      {pagination && (
        <ListPagination
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          totalItems={pagination.totalLogs}
          pageSize={limit}
          onChange={(next) => navigate({ search: (prev) => ({ ...prev, page: next }) })}
        />
      )}
    </ListScreen>
  );
}

function LogEntry({ log, sentence }: { log: ActionLog; sentence: string }) {
  const { t } = useTranslation();
  const { icon: Icon, color } = ICONS[log.action_type] ?? { icon: IconHistory, color: 'gray' };
  const success = log.result === 'success';
  const admin = log.admin_id
    ? t('logs.adminOption', { username: log.admin_id.username, role: t(`logs.roles.${log.admin_id.role}`) })
    : t('missing.admin');
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" color={color} aria-hidden="true">
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Text fw={700}>{t(`logs.types.${log.action_type}`)}</Text>
              <Text size="sm" c="dimmed">
                {t('logs.by', { admin })}
              </Text>
            </Group>
            <Badge color={success ? 'green' : 'red'} variant="light">
              {t(success ? 'logs.result.success' : 'logs.result.failure')}
            </Badge>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {sentence}
          </Text>
          {log.reason && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('logs.reason', { reason: log.reason })}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            <Text
              size="xs"
              c="dimmed"
              component="time"
              dateTime={log.createdAt}
              title={formatDateTime(log.createdAt)}
            >
              {formatDateTime(log.createdAt)} · {timeAgo(log.createdAt, t)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('logs.target', { target: t(`logs.targets.${log.target_type}`) })}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
