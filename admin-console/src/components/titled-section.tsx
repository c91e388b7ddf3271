import { Stack, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a details or review modal: a small dimmed heading over its content. `order` is the heading
 * level under the modal's own title.
 */
export function TitledSection({
  title,
  order = 3,
  children,
}: {
  title: string;
  order?: TitleOrder;
  children: ReactNode;
}) {
  return (
    <Stack gap={6} component="section">
      <Title order={order} size="h6" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
