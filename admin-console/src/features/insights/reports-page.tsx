import { REPORT_TYPES, type ReportType } from '@cityquest/contract';
import { ListPagination } from '@cityquest/web-client/ui/list-pagination';
import { ListScreen } from '@cityquest/web-client/ui/list-screen';
import { ListState } from '@cityquest/web-client/ui/list-state';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  NativeSelect,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBug, IconFlag, IconMail, IconMessageReport, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastPage } from '../../hooks/use-last-page.ts';
import { formatDateTime, timeAgo } from '../../lib/format-date.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import { insightsQueries, REPORTS_PAGE_SIZE, type Report } from './insights-api.ts';
import { ResolveReportModal } from './resolve-report-modal.tsx';

const route = getRouteApi('/_admin/admin/reports');

const TYPE_STYLE: Record<ReportType, { icon: typeof IconBug; color: string }> = {
  bug_report: { icon: IconBug, color: 'red' },
  contact_message: { icon: IconMail, color: 'blue' },
  feedback: { icon: IconStar, color: 'yellow' },
  flagged_content: { icon: IconFlag, color: 'orange' },
};

/** /admin/reports: open bug reports, contact messages, feedback and flagged content, 10 a page; resolving removes one. */
export function ReportsPage() {
  const { t } = useTranslation();
  const { page, type } = route.useSearch();
  const navigate = route.useNavigate();
  const reports = useQuery(insightsQueries.reports({ page, type }));
  const status = useQueryStatus(reports);
  const [resolving, setResolving] = useState<Report | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pagination = reports.data?.pagination;
  const goToPage = useCallback(
    (last: number) => void navigate({ search: (prev) => ({ ...prev, page: last }), replace: true }),
    [navigate],
  );
  useLastPage(reports, page, goToPage);

  function onResolved(report: Report) {
    setResolving(null);
    setDone(
      t(
        report.resolutionAction === 'dismissed' ? 'insights.reports.dismissed' : 'insights.reports.resolved',
        {
          subject: report.subject || t('insights.reports.noSubject'),
        },
      ),
    );
  }

  return (
    <ListScreen
      title={t('insights.reports.title')}
      subtitle={t('insights.reports.subtitle')}
      filtersLabel={t('insights.reports.filters')}
      filters={
        <NativeSelect
          label={t('insights.reports.type')}
          value={type ?? 'all'}
          onChange={(event) => {
            const chosen = REPORT_TYPES.find((value) => value === event.currentTarget.value);
            setDone(null);
            // A type change starts again at page 1.
            void navigate({ search: (prev) => ({ ...prev, type: chosen, page: 1 }) });
          }}
          data={[
            { value: 'all', label: t('insights.reports.allTypes') },
            ...REPORT_TYPES.map((value) => ({ value, label: t(`insights.reports.types.${value}`) })),
          ]}
        />
      }
    >
      <ListState
        list={status}
        loaded={reports.data?.reports.length ?? 0}
        labels={{
          error: t('insights.error'),
          dismiss: t('insights.dismiss'),
          retry: t('insights.retry'),
          loading: t('insights.reports.loading'),
        }}
        empty={{
          title: t('insights.reports.empty'),
          description: t('insights.reports.emptyHint'),
          icon: <IconMessageReport size={28} aria-hidden="true" />,
        }}
        notices={
          done && (
            <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>
              {done}
            </Alert>
          )
        }
      >
        <Stack gap="md" aria-busy={status.loading}>
          {pagination && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('insights.reports.total', { count: pagination.totalReports })}
            </Text>
          )}
          {reports.data?.reports.map((report) => (
            <ReportCard key={report._id} report={report} onResolve={() => setResolving(report)} />
          ))}
          {pagination && (
            <ListPagination
              page={pagination.currentPage}
              totalPages={pagination.totalPages}
              totalItems={pagination.totalReports}
              pageSize={REPORTS_PAGE_SIZE}
              onChange={(next) => {
                setDone(null);
                void navigate({ search: (prev) => ({ ...prev, page: next }) });
              }}
            />
          )}
        </Stack>
      </ListState>

      <ResolveReportModal report={resolving} onClose={() => setResolving(null)} onResolved={onResolved} />
    </ListScreen>
  );
}

function ReportCard({ report, onResolve }: { report: Report; onResolve: () => void }) {
  const { t } = useTranslation();
  const { icon: Icon, color } = TYPE_STYLE[report.type] ?? { icon: IconMessageReport, color: 'gray' };
  const subject = report.subject || t('insights.reports.noSubject');
  const headingId = `report-${report._id}`;
  const from = report.reporter
    ? t('insights.reports.fromUser', {
        name: report.reporter.fullName || report.reporter.username,
        username: report.reporter.username,
      })
    : report.name || t('insights.reports.visitor');
  const details = (['stepsToReproduce', 'expectedBehavior', 'actualBehavior'] as const).filter((key) =>
    report.details[key]?.trim(),
  );

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Badge
                variant="default"
                leftSection={
                  <Icon size={14} aria-hidden="true" color={`var(--mantine-color-${color}-filled)`} />
                }
              >
                {t(`insights.reports.types.${report.type}`)}
              </Badge>
              <Text
                size="xs"
                c="dimmed"
                component="time"
                dateTime={report.createdAt}
                title={formatDateTime(report.createdAt)}
              >
                {t('insights.reports.received', {
                  time: timeAgo(report.createdAt, t),
                })}
              </Text>
            </Group>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {subject}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('insights.reports.from', { from })} ·{' '}
              <Anchor href={`mailto:${report.email}`} size="sm" underline="always">
                {report.email}
              </Anchor>
            </Text>
          </Stack>
          <Button size="sm" onClick={onResolve} aria-label={t('insights.reports.resolveLabel', { subject })}>
            {t('insights.reports.resolve')}
          </Button>
        </Group>

        {report.details.rating !== undefined && (
          <Group gap="xs">
            <Rating value={report.details.rating} readOnly size="sm" aria-hidden="true" />
            <Text size="sm">{t('insights.reports.rating', { rating: report.details.rating })}</Text>
          </Group>
        )}

        {report.message ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.message}
          </Text>
        ) : (
          report.type === 'feedback' && (
            <Text size="sm" c="dimmed">
              {t('insights.reports.noComments')}
            </Text>
          )
        )}

        {details.length > 0 && (
          <Stack component="dl" gap={6} m={0}>
            {details.map((key) => (
              <div key={key}>
                <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase">
                  {t(`insights.reports.details.${key}`)}
                </Text>
                <Text
                  component="dd"
                  size="sm"
                  m={0}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {report.details[key]}
                </Text>
              </div>
            ))}
          </Stack>
        )}

        {report.attachments.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {report.attachments.map((url, index) => (
              <Anchor
                key={url}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('insights.reports.openAttachment', { index: index + 1 })}
              >
                <Image
                  src={url}
                  alt={t('insights.reports.attachmentAlt', { index: index + 1 })}
                  radius="sm"
                  h={80}
                  fit="cover"
                />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
