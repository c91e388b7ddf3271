import { Section } from '@cityquest/shared-ui';
import { Button, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type PlayedQuest, withoutQueued } from './offline-notices.tsx';
import { openTasks } from './quest-play-api.ts';

/**
 * The steps (docs/product-rules/explorer-screens.md#quest-in-progress): Started above 0, Progress above 50,
 * Submit at 100.
 */
const STEPS = [
  { key: 'started', reached: (progress: number) => progress > 0 },
  { key: 'progress', reached: (progress: number) => progress > 50 },
  { key: 'submit', reached: (progress: number) => progress >= 100 },
] as const;

export function ProofOfCompletion({ quest, progress, queued }: PlayedQuest) {
  const { t } = useTranslation('play');
  const open = withoutQueued(openTasks(quest, progress), queued);
  let action = null;
  if (progress.status === 'completed') {
    action = <Text size="sm">{t('proof.allApproved')}</Text>;
  } else if (open.length > 0) {
    action = (
      <Button
        renderRoot={(props) => (
          <Link {...props} to="/quest-proof-upload/$questId" params={{ questId: quest._id }} />
        )}
        size="md"
        fullWidth
        leftSection={<IconUpload size={18} aria-hidden="true" />}
      >
        {t('proof.upload')}
      </Button>
    );
  } else {
    action = (
      <Text size="sm" c="dimmed">
        {t('proof.waiting')}
      </Text>
    );
  }
  return (
    <Section id="proof-title" title={t('proof.title')}>
      <Stack gap="md">
        <Group
          component="ol"
          gap="xs"
          justify="space-between"
          wrap="nowrap"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {STEPS.map((step) => {
            const reached = step.reached(progress.progress);
            return (
              <Stack component="li" key={step.key} gap={4} align="center" style={{ flex: 1 }}>
                <ThemeIcon
                  radius="xl"
                  size="lg"
                  color={reached ? 'teal' : 'gray'}
                  variant={reached ? 'filled' : 'light'}
                >
                  {reached ? (
                    <IconCheck size={18} aria-hidden="true" />
                  ) : (
                    <IconCircleDashed size={18} aria-hidden="true" />
                  )}
                </ThemeIcon>
                <Text size="sm" fw={reached ? 700 : 400} ta="center">
                  {t(`proof.steps.${step.key}`)}
                  <VisuallyHidden>{reached ? t('proof.reached') : t('proof.notReached')}</VisuallyHidden>
                </Text>
              </Stack>
            );
          })}
        </Group>
        {quest.proofInstructions && (
          <Text size="sm">
            <Text span fw={600}>
              {t('proof.instructions')}
            </Text>{' '}
            {quest.proofInstructions}
          </Text>
        )}
        {action}
      </Stack>
    </Section>
  );
}
