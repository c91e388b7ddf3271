import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatProps = {
  label: string;
  value: ReactNode;
  /** A decorative icon (`aria-hidden`); with `color`, and always on a dashboard, it sits in a tinted square. */
  icon: ReactNode;
  color?: string;
  /** A line of context under the value; a div, so it may hold blocks (a storage bar). */
  hint?: ReactNode;
  /**
   * `lg`: a dashboard's headline figure, an article named by its label; `md`: a figure of a profile;
   * `sm`: a fact of a page among many.
   */
  size?: 'sm' | 'md' | 'lg';
};

const SIZES = {
  sm: { padding: 'sm', gap: 'xs', label: 'xs', value: { fz: 'sm', fw: 700 }, iconBox: 32 },
  md: { padding: 'md', gap: 'sm', label: 'sm', value: { fz: 'xl', fw: 800 }, iconBox: 38 },
  lg: { padding: 'md', gap: 'md', label: 'sm', value: { fz: 26, fw: 800 }, iconBox: 44 },
} as const;

/** One figure with its label and icon: the stat tile of both apps. */
export function Stat({ label, value, icon, color, hint, size = 'md' }: StatProps) {
  const look = SIZES[size];
  const named = size === 'lg' ? ({ component: 'article', 'aria-label': label } as const) : {};
  return (
    <Card withBorder radius="md" padding={look.padding} {...named}>
      <Group gap={look.gap} wrap="nowrap" align={hint ? 'flex-start' : 'center'}>
        {color || size === 'lg' ? (
          <ThemeIcon size={look.iconBox} radius="md" variant="light" color={color} aria-hidden="true">
            {icon}
          </ThemeIcon>
        ) : (
          icon
        )}
        <Stack gap={0} miw={0}>
          <Text size={look.label} c="dimmed">
            {label}
          </Text>
          <Text component="div" fz={look.value.fz} fw={look.value.fw} lh={1.2}>
            {value}
          </Text>
          {hint && (
            <Text component="div" size="xs" c="dimmed" mt={2}>
              {hint}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
