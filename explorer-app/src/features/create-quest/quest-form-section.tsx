import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One titled card of the quest form. */
export function QuestFormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
