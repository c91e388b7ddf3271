import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of the review modal. */
export function ReviewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section">
      <Title order={3} size="h6" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
