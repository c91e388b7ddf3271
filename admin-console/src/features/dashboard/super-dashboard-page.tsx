import { Stat } from '@cityquest/shared-ui';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconApi,
  IconDatabase,
  IconHeartbeat,
  IconInfoCircle,
  IconUserShield,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DotBadge } from '../../components/dot-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import {
  type AlertSeverity,
  SUPER_DASHBOARD_SAMPLE as SAMPLE,
  type ServiceStatus,
} from './super-dashboard-data.ts';

const SEVERITY: Record<AlertSeverity, { color: string; icon: typeof IconInfoCircle }> = {
  critical: { color: 'red', icon: IconAlertOctagon },
  warning: { color: 'orange', icon: IconAlertTriangle },
  info: { color: 'blue', icon: IconInfoCircle },
};
const STATUS_COLOURS: Record<ServiceStatus, string> = {
  operational: 'green',
  degraded: 'yellow',
  down: 'red',
};

const number = (value: number) => value.toLocaleString('en');

/** /admin/super-dashboard: system figures, role requests, alerts, super admin actions and system status. */
export function SuperDashboardPage() {
  const { t } = useTranslation();
  const storagePercent = Math.round((SAMPLE.storage.usedGb / SAMPLE.storage.totalGb) * 100);
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('insights.super.title')}</Title>
        <Text c="dimmed">{t('insights.super.subtitle')}</Text>
      </Stack>

      <Alert color="grape" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} role="note">
        {t('insights.super.sampleNotice')}
      </Alert>

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <Stat
          size="lg"
          label={t('insights.super.systemHealth')}
          value={`${SAMPLE.systemHealthPercent}%`}
          icon={<IconHeartbeat size={24} />}
          color="green"
          hint={t('insights.super.systemHealthHint')}
        />
        <Stat
          size="lg"
          label={t('insights.super.totalAdmins')}
          value={number(SAMPLE.totalAdmins)}
          icon={<IconUserShield size={24} />}
        />
        <Stat
          size="lg"
          label={t('insights.super.apiCalls')}
          value={number(SAMPLE.apiCalls24h)}
          icon={<IconApi size={24} />}
          color="cyan"
        />
        <Stat
          size="lg"
          label={t('insights.super.storage')}
          value={`${storagePercent}%`}
          icon={<IconDatabase size={24} />}
          color={storagePercent >= 80 ? 'red' : 'orange'}
          hint={
            <Stack gap={4}>
              <span>
                {t('insights.super.storageHint', {
                  used: SAMPLE.storage.usedGb,
                  total: SAMPLE.storage.totalGb,
                })}
              </span>
              <Progress value={storagePercent} size="sm" aria-label={t('insights.super.storage')} />
            </Stack>
          }
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel id="role-requests" title={t('insights.super.roleRequests')}>
          <List>
            {SAMPLE.roleRequests.map((request) => (
              <Group
                key={request.id}
                component="li"
                justify="space-between"
                align="flex-start"
                gap="sm"
                wrap="wrap"
              >
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={700}>
                    {request.fullName}{' '}
                    <Text span size="xs" c="dimmed" fw={400}>
                      @{request.username}
                    </Text>
                  </Text>
                  <Text size="sm">{t(`insights.super.sample.${request.note}`)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('insights.super.requestedAt', { time: formatDateTime(request.requestedAt) })}
                  </Text>
                </Stack>
                <Badge variant="light" color={request.requestedRole === 'super_admin' ? 'grape' : 'blue'}>
                  {t(`roles.${request.requestedRole}`)}
                </Badge>
              </Group>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {t('insights.super.roleRequestsHint')}{' '}
            <Anchor component={Link} to="/admin/users" size="sm" underline="always">
              {t('insights.super.userManagement')}
            </Anchor>
          </Text>
        </Panel>

        <Panel id="system-alerts" title={t('insights.super.alerts')}>
          <List>
            {SAMPLE.alerts.map((alert) => {
              const { color, icon: Icon } = SEVERITY[alert.severity];
              return (
                <Group key={alert.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={28} radius="xl" variant="light" color={color} aria-hidden="true">
                    <Icon size={16} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <DotBadge color={color}>{t(`insights.super.severity.${alert.severity}`)}</DotBadge>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(alert.at)}
                      </Text>
                    </Group>
                    <Text size="sm">{t(`insights.super.sample.${alert.message}`)}</Text>
                  </Stack>
                </Group>
              );
            })}
          </List>
        </Panel>

        <Panel id="super-actions" title={t('insights.super.actions')}>
          <List>
            {SAMPLE.actions.map((action) => (
              <Stack key={action.id} component="li" gap={2}>
                <Text size="sm">
                  {t(`insights.super.sample.${action.action}`, {
                    admin: action.admin,
                    target: action.target,
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(action.at)}
                </Text>
              </Stack>
            ))}
          </List>
        </Panel>

        <Panel id="system-status" title={t('insights.super.status')}>
          <List>
            {SAMPLE.services.map((service) => (
              <Group key={service.key} component="li" justify="space-between" gap="sm" wrap="wrap">
                <Text size="sm" fw={600}>
                  {t(`insights.super.services.${service.key}`)}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {t('insights.super.uptime', { value: service.uptime })}
                  </Text>
                  <DotBadge color={STATUS_COLOURS[service.status]}>
                    {t(`insights.super.serviceStatus.${service.status}`)}
                  </DotBadge>
                </Group>
              </Group>
            ))}
          </List>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function List({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
