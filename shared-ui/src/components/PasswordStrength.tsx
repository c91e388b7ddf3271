import { Progress, Stack, Text } from '@mantine/core';

export type PasswordStrengthProps = {
  /** The estimator's score, 0 (guessable) to 4 (strong); null while nothing is typed or the estimator loads. */
  score: number | null;
  /** What the score means, in the person's language, for example 'Weak password: add another word or two'. */
  label: string;
  /** Names the bar for assistive technology. */
  barLabel?: string;
};

/** Bar colour per score: 0 and 1 are refused by the server, 2 is the least it accepts. */
const COLOURS = ['red', 'red', 'yellow', 'teal', 'green'] as const;

/**
 * A password's strength as the person types: a five-step bar and a sentence that a screen reader announces
 * politely when it changes. It only shows a score; the app computes it and the server decides.
 */
export function PasswordStrength({ score, label, barLabel = 'Password strength' }: PasswordStrengthProps) {
  const step = score === null ? 0 : Math.min(4, Math.max(0, Math.round(score)));
  const value = score === null ? 0 : (step + 1) * 20;
  return (
    <Stack gap={4}>
      <Progress.Root size="sm" radius="xl">
        {/* Mantine's own aria-valuetext would read '20%'; the sentence says what the step means. */}
        <Progress.Section
          value={value}
          color={COLOURS[step]}
          withAria={false}
          role="progressbar"
          aria-label={barLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          aria-valuetext={score === null ? undefined : label}
        />
      </Progress.Root>
      <Text size="xs" c={score === null ? 'dimmed' : undefined} aria-live="polite" aria-atomic="true">
        {label}
      </Text>
    </Stack>
  );
}
