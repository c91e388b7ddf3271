import { Card, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import type { ComponentType } from 'react';

/** A bordered card with an icon, a title and a short text (feature lists, topic tiles). */
export function IconCard({
  icon: Icon,
  title,
  body,
  headingOrder = 3,
}: {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  body: string;
  headingOrder?: TitleOrder;
}) {
  return (
    <Card withBorder radius="lg" p="lg">
      <ThemeIcon size={46} radius="md" variant="light" mb="sm">
        <Icon size={25} aria-hidden="true" />
      </ThemeIcon>
      <Title order={headingOrder} size="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {body}
      </Text>
    </Card>
  );
}
