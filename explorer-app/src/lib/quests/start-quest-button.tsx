import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../auth-api.ts';
import { type QuestSummary, useStartQuest } from './quest-api.ts';
import { isOngoingLimitError } from './quest-limit-modal.tsx';

/**
 * Starting quests from a page of cards (docs/product-rules/quests.md#starting-a-quest): a started quest opens
 * in progress; the page shows the limit dialog (`limitReached`) or its failure alert (`failed`). A visitor
 * cannot start one (docs/product-rules/quests.md#visitors): the page asks them to sign up (`signUpFor`, the quest).
 */
export function useQuestStarter() {
  const navigate = useNavigate();
  const start = useStartQuest();
  const isAuthenticated = useSignedIn();
  const [signUpFor, setSignUpFor] = useState<string | null>(null);
  const limitReached = isOngoingLimitError(start.error);
  return {
    start: (questId: string) => {
      if (!isAuthenticated) return setSignUpFor(questId);
      start.mutate(questId, {
        onSuccess: () => void navigate({ to: '/quest-in-progress/$questId', params: { questId } }),
      });
    },
    starting: start.isPending ? start.variables : null,
    limitReached,
    closeLimit: start.reset,
    failed: start.isError && !limitReached,
    dismissFailure: start.reset,
    signUpFor,
    closeSignUp: () => setSignUpFor(null),
  };
}

export type QuestStarter = ReturnType<typeof useQuestStarter>;

/** 'Start Quest' on a card, loading while that quest starts; the page owns the starter, alert and dialogs. */
export function StartQuestButton({ quest, starter }: { quest: QuestSummary; starter: QuestStarter }) {
  const { t } = useTranslation('quests');
  return (
    <Button
      size="xs"
      variant="light"
      loading={starter.starting === quest._id}
      onClick={() => starter.start(quest._id)}
      aria-label={`${t('startQuest')}: ${quest.title}`}
    >
      {t('startQuest')}
    </Button>
  );
}
