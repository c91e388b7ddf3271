import { isAdminRole, MODERATION_LIMITS, type Schema } from '@cityquest/contract';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { formatDate, formatDateTime } from '../../lib/format-date.ts';
import { AwardBadgeSection } from './award-badge-section.tsx';
import { ResetTwoFactorSection } from './reset-two-factor-section.tsx';
import { type UserAction, userActionsFor } from './user-actions.ts';
import { AccountStatusBadge, RoleBadge } from './user-badges.tsx';
import {
  type AdminUser,
  DEFAULT_SUSPENSION_REASON,
  useChangeUserRole,
  useReactivateUser,
  usersQueries,
  useSuspendUser,
} from './users-api.ts';

type RoleInfo = Schema<'UserRoleInfo'>;
type Permission = keyof Schema<'AdminPermissions'>;

const PERMISSIONS: Permission[] = [
  'isAdmin',
  'isSuperAdmin',
  'canModerateQuests',
  'canManageUsers',
  'canManageAdmins',
  'canViewAnalytics',
  'canManageBadges',
  'canViewReports',
];

const ACTION_COLOURS: Record<UserAction, string> = {
  promoteAdmin: 'blue',
  promoteSuperAdmin: 'grape',
  demoteUser: 'orange',
  suspend: 'red',
  reactivate: 'green',
};

type Props = { user: AdminUser | null; onClose: () => void };

/** A user's details, stats, role info and the actions the viewer may take on that account. */
export function UserDetailsModal({ user, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('users.details.title')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {user && <UserDetails key={user._id} listed={user} />}
    </Modal>
  );
}

function UserDetails({ listed }: { listed: AdminUser }) {
  const { t } = useTranslation();
  const viewer = useUser();
  const detail = useQuery(usersQueries.detail(listed._id));
  const roleInfo = useQuery(usersQueries.role(listed._id));
  // The list's copy shows at once; the detailed answer adds stats and replaces it when it arrives.
  const current: AdminUser = detail.data ?? listed;

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={current.avatar} alt="" size={64} radius="xl">
          {current.fullName.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {current.fullName || t('missing.user')}
          </Title>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            @{current.username}
          </Text>
          <Group gap="xs">
            <RoleBadge role={current.role} />
            <AccountStatusBadge active={current.accountVerified} />
          </Group>
        </Stack>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label={t('users.details.email')} value={current.email} />
        <Field label={t('users.details.joined')} value={formatDate(current.createdAt)} />
        <Field
          label={t('users.details.lastActive')}
          value={current.lastActive ? formatDateTime(current.lastActive) : t('users.never')}
        />
        <Field
          label={t('users.columns.xp')}
          value={t('users.details.xpLevel', { xp: current.xp, level: current.level })}
        />
        <Field label={t('users.details.bio')} value={current.bio || t('users.details.noBio')} />
        <Field
          label={t('users.details.emailVerified')}
          value={t(
            current.isEmailVerified ? 'users.details.emailVerified' : 'users.details.emailNotVerified',
          )}
        />
        <Field
          label={t('users.details.twoFactor')}
          value={t(current.twoFactorEnabled ? 'users.details.twoFactorOn' : 'users.details.twoFactorOff')}
        />
      </SimpleGrid>
      {!current.accountVerified && (
        <Alert color="red" variant="light" title={t('users.details.suspensionReason')}>
          {current.suspensionReason || DEFAULT_SUSPENSION_REASON}
        </Alert>
      )}

      <Stack gap="xs" component="section" aria-labelledby="user-stats-title">
        <Title order={4} id="user-stats-title">
          {t('users.details.stats')}
        </Title>
        {detail.isError ? (
          <ErrorBanner
            title={t('users.error')}
            message={detail.error.message}
            dismissLabel={t('users.retry')}
            onDismiss={() => void detail.refetch()}
          />
        ) : detail.data ? (
          <UserStats stats={detail.data.stats} />
        ) : (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('users.details.loading')}</Text>
          </Group>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="user-role-title">
        <Title order={4} id="user-role-title">
          {t('users.details.roleInfo')}
        </Title>
        {roleInfo.isError ? (
          <ErrorBanner
            title={t('users.error')}
            message={roleInfo.error.message}
            dismissLabel={t('users.retry')}
            onDismiss={() => void roleInfo.refetch()}
          />
        ) : roleInfo.data ? (
          <PermissionList info={roleInfo.data} />
        ) : (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('users.details.roleInfoLoading')}</Text>
          </Group>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="user-actions-title">
        <Title order={4} id="user-actions-title">
          {t('users.details.actions')}
        </Title>
        {viewer && <UserActionsPanel viewer={viewer} target={current} />}
      </Stack>

      {/* POST /admin/users/{id}/two-factor/reset is for super admins (x-roles), never on their own account. */}
      {viewer?.role === 'super_admin' && viewer._id !== current._id && (
        <ResetTwoFactorSection user={current} />
      )}

      {/* POST /admin/badge/award is open to admins and super admins (x-roles), on any account. */}
      {isAdminRole(viewer?.role) && <AwardBadgeSection user={current} />}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function UserStats({ stats }: { stats: Schema<'AdminUserStats'> }) {
  const { t } = useTranslation();
  const items = [
    [t('users.details.profileCompleteness'), `${stats.profileCompleteness}%`],
    [t('users.details.questsCompleted'), String(stats.questsCompleted)],
    [t('users.details.questsCreated'), String(stats.questsCreated)],
    [t('users.details.questsOngoing'), String(stats.questsOngoing)],
    [t('users.details.badgesEarned'), String(stats.badgesEarned)],
    [t('users.details.currentStreak'), t('users.details.streakDays', { count: stats.currentStreak })],
    [
      t('users.details.distanceExplored'),
      t('users.details.distanceKm', { km: stats.distanceExplored.toFixed(1) }),
    ],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="xs" radius="md">
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fw={700} m={0}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function PermissionList({ info }: { info: RoleInfo }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm">{t('users.columns.role')}:</Text>
        <RoleBadge role={info.role} />
      </Group>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing={6}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {PERMISSIONS.map((permission) => {
          const allowed = info.permissions[permission];
          return (
            <Group key={permission} component="li" gap="xs" wrap="nowrap">
              {allowed ? (
                <IconCheck size={16} color="var(--mantine-color-green-filled)" aria-hidden="true" />
              ) : (
                <IconX size={16} color="var(--mantine-color-red-filled)" aria-hidden="true" />
              )}
              <Text size="sm">
                {t(`users.details.permissions.${permission}`)}:{' '}
                <Text span fw={600} size="sm">
                  {t(allowed ? 'users.details.allowed' : 'users.details.notAllowed')}
                </Text>
              </Text>
            </Group>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

type Viewer = { _id: string; role: AdminUser['role'] };

/** The buttons the viewer may use on this account; suspending first asks for the reason its owner will read. */
function UserActionsPanel({ viewer, target }: { viewer: Viewer; target: AdminUser }) {
  const { t } = useTranslation();
  const changeRole = useChangeUserRole();
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const [suspending, setSuspending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: DEFAULT_SUSPENSION_REASON } });
  const { actions, reason: noActionReason } = userActionsFor(viewer, target);
  const calls = [changeRole, suspend, reactivate];
  const failed = calls.find((call) => call.isError)?.error ?? null;
  const busy: UserAction | null = changeRole.isPending
    ? (changeRole.variables?.change ?? null)
    : suspend.isPending
      ? 'suspend'
      : reactivate.isPending
        ? 'reactivate'
        : null;

  function start() {
    setDone(null);
    for (const call of calls) call.reset();
  }

  function onDone(action: UserAction) {
    return (updated: AdminUser) =>
      setDone(t(`users.actions.done.${action}`, { name: updated.fullName || updated.username }));
  }

  function run(action: Exclude<UserAction, 'suspend'>) {
    start();
    if (action === 'reactivate') reactivate.mutate(target._id, { onSuccess: onDone(action) });
    else changeRole.mutate({ id: target._id, change: action }, { onSuccess: onDone(action) });
  }

  const onSuspend = form.onSubmit(({ reason }) => {
    start();
    suspend.mutate(
      { id: target._id, reason },
      {
        onSuccess: (updated) => {
          setSuspending(false);
          form.reset();
          onDone('suspend')(updated);
        },
        onError: (error) => {
          if (error.fieldErrors.length)
            form.setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
        },
      },
    );
  });
  // A refused reason shows on its field; any other failure in the banner.
  const onField =
    failed !== null &&
    failed === suspend.error &&
    failed.fieldErrors.length > 0 &&
    failed.fieldErrors.every((e) => e.field === 'reason');

  return (
    <Stack gap="sm">
      {failed && !onField && (
        <ErrorBanner
          title={t('users.error')}
          message={failed.message}
          dismissLabel={t('users.dismiss')}
          onDismiss={start}
        />
      )}
      {done && (
        <Alert color="green" variant="light" role="status">
          {done}
        </Alert>
      )}
      {noActionReason && (
        <Text c="dimmed" size="sm">
          {t(`users.actions.${noActionReason}`)}
        </Text>
      )}
      {suspending ? (
        <form onSubmit={onSuspend} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('users.actions.suspendReason')}
              description={t('users.actions.suspendReasonHint')}
              maxLength={MODERATION_LIMITS.suspendReason}
              autosize
              minRows={2}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group gap="xs">
              <Button type="submit" color="red" loading={suspend.isPending}>
                {t('users.actions.confirmSuspend')}
              </Button>
              <Button variant="default" disabled={busy !== null} onClick={() => setSuspending(false)}>
                {t('users.actions.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        actions.length > 0 && (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                variant="light"
                color={ACTION_COLOURS[action]}
                loading={busy === action}
                disabled={busy !== null && busy !== action}
                onClick={() => (action === 'suspend' ? setSuspending(true) : run(action))}
              >
                {t(`users.actions.${action}`)}
              </Button>
            ))}
          </Group>
        )
      )}
    </Stack>
  );
}
