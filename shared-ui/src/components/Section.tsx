import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * A titled box of a page, labelled by its heading for screen readers (a `section` landmark). `order` is the
 * heading level under the page's own title.
 */
export function Section({
  title,
  children,
  order = 2,
  id,
}: {
  title: ReactNode;
  children: ReactNode;
  order?: 2 | 3 | 4;
  /** The heading's id, when a link or a skip target needs it. */
  id?: string;
}) {
  const ownId = useId();
  const headingId = id ?? ownId;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={order} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
