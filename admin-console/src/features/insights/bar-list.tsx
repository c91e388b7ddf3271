import { Box, Group, Stack, Text } from '@mantine/core';

export type Bar = { key: string; label: string; value: number; valueLabel: string };

/**
 * A horizontal bar chart as a plain list: every bar's label and value are text a screen reader reads, and the
 * bar itself, scaled to the largest value, is decoration.
 */
export function BarList({
  bars,
  label,
  color = 'var(--mantine-primary-color-filled)',
}: {
  bars: Bar[];
  label: string;
  color?: string;
}) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {bars.map((bar) => (
        <Box component="li" key={bar.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
            <Text size="sm">{bar.label}</Text>
            <Text size="sm" fw={700}>
              {bar.valueLabel}
            </Text>
          </Group>
          <Box
            aria-hidden="true"
            h={10}
            style={{
              borderRadius: 'var(--mantine-radius-xl)',
              background: 'var(--mantine-color-default-border)',
              overflow: 'hidden',
            }}
          >
            <Box
              h="100%"
              style={{
                width: `${max > 0 ? (bar.value / max) * 100 : 0}%`,
                background: color,
                borderRadius: 'var(--mantine-radius-xl)',
                transition: 'width 300ms ease',
              }}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
