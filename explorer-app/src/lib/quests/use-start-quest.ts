import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { startQuest } from './quest-api.ts';
import { isOngoingLimitError } from './quest-limit-modal.tsx';

/**
 * Start a quest (admin-and-moderation.md sections 4 and 8): on success go to /quest-in-progress/{questId};
 * the ongoing limit opens the limit dialog; any other failure shows 'Failed to start quest. Please try again.'
 */
export function useStartQuest() {
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const [failed, setFailed] = useState(false);
  const start = async (questId: string) => {
    setStarting(questId);
    setFailed(false);
    try {
      await startQuest(questId);
      await navigate({ to: '/quest-in-progress/$questId', params: { questId } });
    } catch (error) {
      if (isOngoingLimitError(error)) setLimitReached(true);
      else setFailed(true);
    } finally {
      setStarting(null);
    }
  };
  return {
    start,
    starting,
    limitReached,
    closeLimit: () => setLimitReached(false),
    failed,
    dismissFailure: () => setFailed(false),
  };
}

export type QuestStarter = ReturnType<typeof useStartQuest>;
