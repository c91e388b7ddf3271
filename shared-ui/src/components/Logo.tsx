import { Group, Text } from '@mantine/core';

/** The CityQuest mark and word; wrap it in a link where it navigates. */
export function Logo({ size = 28, withText = true }: { size?: number; withText?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="var(--mantine-primary-color-filled)" />
        <path d="M32 12l6 14 15 2-11 10 3 15-13-8-13 8 3-15-11-10 15-2z" fill="#fff" />
      </svg>
      {withText && (
        <Text fw={800} size="lg" c="var(--mantine-color-text)">
          CityQuest
        </Text>
      )}
    </Group>
  );
}
