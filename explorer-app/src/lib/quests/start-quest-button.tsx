import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestSummary } from './quest-api.ts';
import type { QuestStarter } from './use-start-quest.ts';

/** 'Start Quest' on a quest card, loading while that quest starts; the page owns the starter, its alert and dialog. */
export function StartQuestButton({ quest, starter }: { quest: QuestSummary; starter: QuestStarter }) {
  const { t } = useTranslation('quests');
  return (
    <Button
      size="xs"
      variant="light"
      loading={starter.starting === quest._id}
      onClick={() => void starter.start(quest._id)}
      aria-label={`${t('startQuest')}: ${quest.title}`}
    >
      {t('startQuest')}
    </Button>
  );
}
