import { Group, Progress, Stack, Text } from '@mantine/core';

export type XpLevelIndicatorProps = {
  level: number;
  currentXP: number;
  nextLevelXP: number;
  /** 'Lv.' and 'XP' in the user's language. */
  labels?: { level: string; xp: string; progress: string };
};

/** 'Lv. {level}' and 'XP: current / next' with a bar capped at 100 percent; the numbers come from the server. */
export function XpLevelIndicator({
  level,
  currentXP,
  nextLevelXP,
  labels = { level: 'Lv.', xp: 'XP', progress: 'Level progress' },
}: XpLevelIndicatorProps) {
  const percent = nextLevelXP > 0 ? Math.min(100, Math.max(0, (currentXP / nextLevelXP) * 100)) : 0;
  return (
    <Stack gap={2} miw={120}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={700}>
          {labels.level} {level}
        </Text>
        <Text size="xs" c="dimmed">
          {labels.xp}: {currentXP} / {nextLevelXP}
        </Text>
      </Group>
      <Progress value={percent} size="sm" radius="xl" aria-label={labels.progress} />
    </Stack>
  );
}
