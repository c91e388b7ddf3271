import { Section } from '@cityquest/shared-ui';
import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAward, IconBulb, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quest } from '../../lib/quests/quest-api.ts';
import { openTasks, type ProgressRecord } from './quest-play-api.ts';

/**
 * Tips & Safety previews 2 tips before 'View N more tips'
 * (docs/product-rules/explorer-screens.md#quest-in-progress).
 */
const TIPS_PREVIEW = 2;

/**
 * The hint of the objective to do next, else the default hint
 * (docs/product-rules/explorer-screens.md#quest-in-progress).
 */
export function QuestHints({ quest, progress }: { quest: Quest; progress: ProgressRecord }) {
  const { t } = useTranslation('play');
  const next = openTasks(quest, progress)[0];
  return (
    <Section id="hints-title" title={t('hints.title')}>
      <Stack gap={4}>
        {next?.hint ? (
          <>
            <Text size="sm" fw={600}>
              {t('hints.forObjective', { number: next.order })}
            </Text>
            <Text size="sm">{next.hint}</Text>
          </>
        ) : (
          <Text size="sm">{t('hints.default')}</Text>
        )}
      </Stack>
    </Section>
  );
}

export function QuestRewards({ quest, progress }: { quest: Quest; progress: ProgressRecord }) {
  const { t } = useTranslation('play');
  const category = t(`category.${quest.category}`);
  return (
    <Section id="rewards-title" title={t('rewards.title')}>
      <List
        spacing="xs"
        icon={
          <ThemeIcon size="sm" radius="xl" color="teal" variant="light">
            <IconAward size={14} aria-hidden="true" />
          </ThemeIcon>
        }
      >
        <List.Item>
          {progress.status === 'completed'
            ? t('rewards.earned', { xp: progress.xpEarned })
            : t('rewards.xp', { xp: quest.xp })}
        </List.Item>
        <List.Item>{t('rewards.categoryXp', { category })}</List.Item>
        <List.Item>{t('rewards.badges', { category })}</List.Item>
      </List>
      {progress.status !== 'completed' && (
        <Text size="xs" c="dimmed" mt="sm">
          {t('rewards.when')}
        </Text>
      )}
    </Section>
  );
}

export function QuestTips({ quest }: { quest: Quest }) {
  const { t } = useTranslation('play');
  const [all, setAll] = useState(false);
  const shown = all ? quest.tips : quest.tips.slice(0, TIPS_PREVIEW);
  const hidden = quest.tips.length - TIPS_PREVIEW;
  return (
    <Section id="tips-title" title={t('tips.title')}>
      <Stack gap="sm">
        {quest.tips.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tips.empty')}
          </Text>
        ) : (
          <List
            spacing="xs"
            size="sm"
            icon={
              <ThemeIcon size="sm" radius="xl" color="yellow" variant="light">
                <IconBulb size={14} aria-hidden="true" />
              </ThemeIcon>
            }
          >
            {shown.map((tip) => (
              <List.Item key={tip._id}>{tip.tip_text}</List.Item>
            ))}
          </List>
        )}
        {hidden > 0 && (
          <Button
            variant="subtle"
            size="sm"
            onClick={() => setAll((value) => !value)}
            aria-expanded={all}
            style={{ alignSelf: 'flex-start' }}
          >
            {all ? t('tips.showLess') : t('tips.viewMore', { count: hidden })}
          </Button>
        )}
        <Text size="sm" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
          <IconShieldCheck size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          {t('tips.safety')}
        </Text>
      </Stack>
    </Section>
  );
}
