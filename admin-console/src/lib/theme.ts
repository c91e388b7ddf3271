import type { Role } from '@cityquest/contract';
import { cityQuestTheme, superAdminTheme } from '@cityquest/shared-ui';
import type { MantineThemeOverride } from '@mantine/core';

/** Super admins work in the purple theme (docs/product-rules/admin-screens.md#console-look). */
export function themeFor(role: Role | undefined): MantineThemeOverride {
  return role === 'super_admin' ? superAdminTheme : cityQuestTheme;
}
