import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled empty or error state with an optional action. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  tone = 'neutral',
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <Stack align="center" gap="sm" py="xl" role={tone === 'error' ? 'alert' : undefined}>
      {icon && (
        <ThemeIcon size={56} radius="xl" variant="light" color={tone === 'error' ? 'red' : undefined}>
          {icon}
        </ThemeIcon>
      )}
      <Title order={3} ta="center">
        {title}
      </Title>
      {description && (
        <Text c="dimmed" ta="center" maw={480}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
