import { isAdminRole } from '@cityquest/contract';
import { Alert, Avatar, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { formatDate, formatDateTime } from '../../lib/format-date.ts';
import { AwardBadgeSection } from './award-badge-section.tsx';
import { ResetTwoFactorSection } from './reset-two-factor-section.tsx';
import { UserActionsPanel } from './user-actions-panel.tsx';
import { AccountStatusBadge, RoleBadge } from './user-badges.tsx';
import { PermissionList } from './user-permissions.tsx';
import { UserQuerySection } from './user-query-section.tsx';
import { UserStats } from './user-stats.tsx';
import { type AdminUser, DEFAULT_SUSPENSION_REASON, usersQueries } from './users-api.ts';

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
  const actionsTitleId = useId();

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

      <UserQuerySection
        title={t('users.details.stats')}
        query={detail}
        loadingLabel={t('users.details.loading')}
      >
        {(data) => <UserStats stats={data.stats} />}
      </UserQuerySection>

      <UserQuerySection
        title={t('users.details.roleInfo')}
        query={roleInfo}
        loadingLabel={t('users.details.roleInfoLoading')}
      >
        {(info) => <PermissionList info={info} />}
      </UserQuerySection>

      <Stack gap="xs" component="section" aria-labelledby={actionsTitleId}>
        <Title order={4} id={actionsTitleId}>
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
