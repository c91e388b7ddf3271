import type { Schema } from '@cityquest/contract';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from './user-badges.tsx';

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

/** A user's role and what it allows, each permission marked allowed or not. */
export function PermissionList({ info }: { info: RoleInfo }) {
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
