import { Section } from '@cityquest/shared-ui';
import { Alert, Anchor, Badge, Button, Card, Container, Grid, Group, List, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn, useUser } from '../../lib/auth-api.ts';
import { type Quest, questQueries } from '../../lib/quests/quest-api.ts';
import { QuestLimitModal } from '../../lib/quests/quest-limit-modal.tsx';
import { useQuestStarter } from '../../lib/quests/start-quest-button.tsx';
import { SignUpToStartModal, VisitorCallout } from '../../lib/quests/visitor-prompt.tsx';
import { CommunityRating } from './community-rating.tsx';
import { ItineraryPanel } from './itinerary-panel.tsx';
import {
  PathSection,
  QuestHeader,
  QuestStats,
  ReviewsSection,
  TipsSection,
  useQuestReviews,
} from './quest-detail-sections.tsx';
import { ReviewForm } from './review-form.tsx';
import { ShareQuestButton } from './share-quest-button.tsx';

type Viewer = { visitor: boolean; own: boolean; progress: Quest['progress'] };

/**
 * Who reads the page: a visitor sees the quest without the player's parts (docs/product-rules/quests.md#visitors),
 * even when a session just ended under a page still showing the explorer's answer.
 */
function useViewer(quest: Quest): Viewer {
  const isAuthenticated = useSignedIn();
  const userId = useUser()?._id;
  if (!isAuthenticated) return { visitor: true, own: false, progress: null };
  const own = userId !== undefined && quest.submittedBy?._id === userId;
  return { visitor: false, own, progress: quest.progress };
}

function StartPanel({ quest, viewer: { own, progress } }: { quest: Quest; viewer: Viewer }) {
  const { t } = useTranslation('quests');
  const starter = useQuestStarter();
  let action: ReactNode;
  if (progress?.status === 'completed') {
    action = (
      <Badge color="teal" size="lg" variant="light">
        {t('detail.start.completed')}
      </Badge>
    );
  } else if (progress) {
    action = (
      <Button
        fullWidth
        size="md"
        renderRoot={(props) => (
          <Link {...props} to="/quest-in-progress/$questId" params={{ questId: quest._id }} />
        )}
      >
        {t('detail.start.continue')}
      </Button>
    );
  } else if (own) {
    action = <Text c="dimmed">{t('detail.start.own')}</Text>;
  } else if (quest.status !== 'approved') {
    action = <Text c="dimmed">{t('detail.start.notApproved')}</Text>;
  } else {
    action = (
      <Button
        fullWidth
        size="md"
        loading={starter.starting === quest._id}
        onClick={() => starter.start(quest._id)}
      >
        {t('detail.start.start')}
      </Button>
    );
  }
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="sm">
        {progress && progress.status !== 'completed' && (
          <Text size="sm">{t('detail.start.inProgress', { progress: progress.progress })}</Text>
        )}
        {action}
        <ShareQuestButton questId={quest._id} title={quest.title} />
        {starter.failed && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={starter.dismissFailure}>
            {t('detail.start.failed')}
          </Alert>
        )}
      </Stack>
      <QuestLimitModal opened={starter.limitReached} onClose={starter.closeLimit} />
      <SignUpToStartModal questId={starter.signUpFor} onClose={starter.closeSignUp} />
    </Card>
  );
}

function QuestDetail({ quest }: { quest: Quest }) {
  const { t } = useTranslation('quests');
  const viewer = useViewer(quest);
  const { reviews, reviewList, rating } = useQuestReviews(quest);
  // The server takes reviews from explorers who started the quest, never from its creator (403 otherwise).
  const canReview = viewer.progress !== null && !viewer.own;

  return (
    <Stack gap="lg">
      <QuestHeader quest={quest} />

      <QuestStats quest={quest} />

      {viewer.visitor && <VisitorCallout page="quest" />}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section id="overview-title" title={t('detail.overview')}>
              <Text style={{ whiteSpace: 'pre-line' }}>{quest.description}</Text>
              {quest.proofInstructions && (
                <Text size="sm" c="dimmed" mt="sm">
                  <Text span fw={600}>
                    {t('detail.proofInstructions')}
                  </Text>{' '}
                  {quest.proofInstructions}
                </Text>
              )}
              {quest.accessibilityNotes && (
                <Text size="sm" c="dimmed" mt="sm" style={{ whiteSpace: 'pre-line' }}>
                  <Text span fw={600}>
                    {t('detail.accessibilityNotes')}
                  </Text>{' '}
                  {quest.accessibilityNotes}
                </Text>
              )}
              {quest.submittedBy ? null : (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('detail.createdBy', { name: t('unknownUser') })}
                </Text>
              )}
              {quest.submittedBy && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('detail.createdBy', { name: quest.submittedBy.fullName || quest.submittedBy.username })}
                </Text>
              )}
            </Section>

            {quest.tags.length > 0 && (
              <Section id="tags-title" title={t('detail.tags')}>
                <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {quest.tags.map((tag) => (
                    <Badge key={tag} variant="outline" component="li">
                      #{tag}
                    </Badge>
                  ))}
                </Group>
              </Section>
            )}

            <PathSection quest={quest} />

            {viewer.visitor ? null : canReview ? (
              <ReviewForm questId={quest._id} />
            ) : (
              <Section id="review-form-title" title={t('detail.review.title')}>
                <Text c="dimmed">{viewer.own ? t('detail.review.own') : t('detail.review.startFirst')}</Text>
              </Section>
            )}
            <CommunityRating rating={rating} />

            <ReviewsSection reviewList={reviewList} reviews={reviews} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <StartPanel quest={quest} viewer={viewer} />
            <ItineraryPanel quest={quest} />
            <Section id="address-title" title={t('detail.address')}>
              <Text>{quest.address || t('locationNotSpecified')}</Text>
              <Text c="dimmed" size="sm">
                {[quest.city, quest.state, quest.pincode].filter(Boolean).join(', ')}
              </Text>
            </Section>
            <TipsSection quest={quest} />
            <Section id="rewards-title" title={t('detail.rewards.title')}>
              <List spacing="xs">
                <List.Item>{t('detail.rewards.xp', { xp: quest.xp })}</List.Item>
                <List.Item>
                  {t('detail.rewards.categoryXp', { category: t(`category.${quest.category}`) })}
                </List.Item>
                <List.Item>{t('detail.rewards.badges')}</List.Item>
              </List>
            </Section>
            <Section id="quick-actions-title" title={t('detail.quickActions')}>
              <Stack gap="xs">
                <Anchor component={Link} to="/explore">
                  {t('detail.moreQuests')}
                </Anchor>
                {!viewer.visitor && (
                  <Anchor component={Link} to="/my-quest">
                    {t('detail.myQuests')}
                  </Anchor>
                )}
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Quest detail at /quest-overview/{questId} (docs/product-rules/explorer-screens.md#quest-detail). */
export function QuestDetailPage({ questId }: { questId: string }) {
  const { data: quest } = useSuspenseQuery(questQueries.detail(questId));
  return (
    <Container size="xl" py="xl">
      <QuestDetail key={quest._id} quest={quest} />
    </Container>
  );
}
