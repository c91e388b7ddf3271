import { QuestCard, type QuestCardProps } from '@cityquest/shared-ui';
import type { TitleOrder } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { coverOf, type QuestSummary } from './quest-api.ts';

/** The shared QuestCard for a quest summary, translated, opening the quest's overview on click. */
export function QuestSummaryCard({
  quest,
  actions,
  badges,
  children,
  headingOrder = 3,
  onClick,
  showDescription = false,
}: {
  quest: QuestSummary;
  actions?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  headingOrder?: TitleOrder;
  /** Replaces the default click (open /quest-overview/{id}). */
  onClick?: QuestCardProps['onClick'];
  showDescription?: boolean;
}) {
  const { t } = useTranslation('quests');
  const navigate = useNavigate();
  return (
    <QuestCard
      title={quest.title || t('unknownQuest')}
      imageUrl={coverOf(quest)}
      category={t(`category.${quest.category}`)}
      difficulty={quest.difficulty}
      difficultyLabel={t(`difficulty.${quest.difficulty}`)}
      xpLabel={t('xp', { xp: quest.xp })}
      rating={quest.averageRating}
      ratingLabel={t('ratedOutOf5', { rating: quest.averageRating.toFixed(1) })}
      city={quest.city || t('locationNotSpecified')}
      description={showDescription ? quest.description : undefined}
      badges={badges}
      actions={actions}
      headingOrder={headingOrder}
      onClick={
        onClick ?? (() => void navigate({ to: '/quest-overview/$questId', params: { questId: quest._id } }))
      }
    >
      {children}
    </QuestCard>
  );
}
