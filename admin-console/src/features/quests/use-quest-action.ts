import { getErrorMessage } from '@cityquest/openapi';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type QuestActionKind = 'approve' | 'reject' | 'update' | 'delete';

/** The fallbacks of admin-and-moderation.md section 8, used when the server sends no message. */
const FALLBACKS: Record<QuestActionKind, string> = {
  approve: 'Failed to approve quest',
  reject: 'Failed to reject quest',
  update: 'Failed to update quest',
  delete: 'Failed to delete quest',
};

/**
 * One moderation call at a time from one place on screen: which quest it concerns while it runs, and the
 * failure worded as section 8 asks ('Error approving quest: ...', 'Delete failed: ...') until dismissed.
 */
export function useQuestAction() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<{ kind: QuestActionKind; id: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(kind: QuestActionKind, id: string, call: () => Promise<T>): Promise<T | undefined> => {
      setBusy({ kind, id });
      setError(null);
      try {
        return await call();
      } catch (failure) {
        setError(t(`moderation.failed.${kind}`, { message: getErrorMessage(failure, FALLBACKS[kind]) }));
        return undefined;
      } finally {
        setBusy(null);
      }
    },
    [t],
  );
  const dismissError = useCallback(() => setError(null), []);
  return { busy, error, run, dismissError };
}
