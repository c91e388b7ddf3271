import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

/** One headline figure of a dashboard: its label, the value and an optional line of context. */
export function StatCard({
  label,
  value,
  icon: Icon,
  color,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: ComponentType<{ size?: number }>;
  color?: string;
  hint?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden="true">
          <Icon size={24} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={26} fw={800} lh={1.2}>
            {value}
          </Text>
          {hint && (
            // A div: a hint may hold blocks (the storage bar of the super admin dashboard).
            <Text component="div" size="xs" c="dimmed" mt={2}>
              {hint}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
