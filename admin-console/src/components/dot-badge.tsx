import { Badge, Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A neutral badge with a coloured dot. Light badges in yellow, orange, green or teal fall below WCAG AA text
 * contrast; here the text keeps the body colour and the colour sits in the dot.
 */
export function DotBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      variant="default"
      leftSection={
        <Box
          component="span"
          aria-hidden="true"
          w={8}
          h={8}
          style={{
            display: 'block',
            borderRadius: '50%',
            background: `var(--mantine-color-${color}-filled)`,
          }}
        />
      }
    >
      {children}
    </Badge>
  );
}
