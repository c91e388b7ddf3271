import type { TFunction } from 'i18next';
import type { ActionLog } from '../api/action-logs-api.ts';

/**
 * The description sentence of a log entry, from its action_type and details (questTitle, taskOrder, username,
 * newRole, previousRole, ...). A refused attempt says so with the server's reason.
 */
export function logSentence(log: ActionLog, t: TFunction): string {
  const sentence = baseSentence(log, t);
  if (log.result === 'success') return sentence;
  return log.details.error
    ? t('logs.sentences.failed', { sentence, error: log.details.error })
    : t('logs.sentences.failedNoReason', { sentence });
}

function baseSentence(log: ActionLog, t: TFunction): string {
  const { details } = log;
  const username = details.username || t('missing.user');
  const questTitle = details.questTitle || t('missing.quest');
  const role = (value: NonNullable<typeof details.newRole>) => t(`logs.roles.${value}`);
  switch (log.action_type) {
    case 'user_promotion':
    case 'user_demotion':
    case 'super_admin_promotion':
      return details.previousRole && details.newRole
        ? t(`logs.sentences.${log.action_type}`, {
            username,
            previousRole: role(details.previousRole),
            newRole: role(details.newRole),
          })
        : t(`logs.sentences.${log.action_type}NoRoles`, { username });
    case 'user_suspension':
    case 'user_reactivation':
      return t(`logs.sentences.${log.action_type}`, { username });
    case 'quest_approval':
    case 'quest_rejection':
    case 'quest_deletion':
      return t(`logs.sentences.${log.action_type}`, { questTitle });
    case 'quest_update':
      return details.changedFields?.length
        ? t('logs.sentences.quest_updateFields', { questTitle, fields: details.changedFields.join(', ') })
        : t('logs.sentences.quest_update', { questTitle });
    case 'task_proof_approval':
    case 'task_proof_rejection': {
      const outcome = log.action_type === 'task_proof_approval' ? 'approval' : 'rejection';
      return details.taskOrder
        ? t(`logs.sentences.task_proof_${outcome}`, { taskOrder: details.taskOrder, questTitle })
        : t(`logs.sentences.task_proofNoOrder_${outcome}`, { questTitle });
    }
    case 'badge_award':
      return t('logs.sentences.badge_award', { badgeName: details.badgeName ?? '', username });
    case 'badge_creation':
      return t('logs.sentences.badge_creation', { badgeName: details.badgeName ?? '' });
    case 'report_resolution':
      return details.resolution
        ? t('logs.sentences.report_resolutionWith', { resolution: details.resolution })
        : t('logs.sentences.report_resolution');
    case 'two_factor_reset': {
      // The entry's own `reason` shows beside the sentence; a reason only in the details is told here instead.
      const reason = !log.reason && 'reason' in details ? details.reason : undefined;
      return typeof reason === 'string' && reason
        ? t('logs.sentences.two_factor_resetWith', { username, reason })
        : t('logs.sentences.two_factor_reset', { username });
    }
  }
}
