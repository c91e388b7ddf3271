import { DEFAULT_QUEST_IMAGE, FullPageLoader } from '@cityquest/shared-ui';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Image,
  List,
  Paper,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconAward,
  IconClock,
  IconEye,
  IconFlag,
  IconMapPin,
  IconStarFilled,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useFormatDate } from '../../lib/format-date.ts';
import { coverOf, type Quest, questQueries, type Review } from '../../lib/quests/quest-api.ts';
import { QuestLimitModal } from '../../lib/quests/quest-limit-modal.tsx';
import { useQuestStarter } from '../../lib/quests/start-quest-button.tsx';
import { SignUpToStartModal, VisitorCallout } from '../../lib/quests/visitor-prompt.tsx';
import { CommunityRating } from './community-rating.tsx';
import { QuestRoutePanel } from './quest-route-panel.tsx';
import { ReviewForm } from './review-form.tsx';
import { ShareQuestButton } from './share-quest-button.tsx';

// Previews (docs/product-rules/explorer-screens.md#quest-detail): steps 2, tips 3, reviews 2.
const STEPS_PREVIEW = 2;
const TIPS_PREVIEW = 3;
const REVIEWS_PREVIEW = 2;
const DIFFICULTY_STARS = { Easy: 1, Medium: 2, Hard: 3 } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function StatTile({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="sm" component="div">
            {value}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation('quests');
  const formatDate = useFormatDate();
  const name = review.user ? review.user.fullName || review.user.username : t('unknownUser');
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={review.user?.avatar ?? null} alt="" radius="xl">
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(review.createdAt)}
            </Text>
          </Stack>
        </Group>
        <Rating
          value={review.rating}
          readOnly
          size="xs"
          role="img"
          aria-label={t('ratedOutOf5', { rating: review.rating })}
        />
      </Group>
      {review.comment && (
        <Text size="sm" mt="xs">
          {review.comment}
        </Text>
      )}
    </Paper>
  );
}

type Viewer = { visitor: boolean; own: boolean; progress: Quest['progress'] };

/**
 * Who reads the page: a visitor sees the quest without the player's parts (docs/product-rules/quests.md#visitors),
 * even when a session just ended under a page still showing the explorer's answer.
 */
function useViewer(quest: Quest): Viewer {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const userId = useAuthStore((state) => state.userData?._id);
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
  const [allSteps, setAllSteps] = useState(false);
  const [allTips, setAllTips] = useState(false);
  const [allReviews, setAllReviews] = useState(false);
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = coverOf(quest);
  // Until the reviews arrive (or when they fail), the quest's own recent reviews and rating stand in.
  const reviews = useInfiniteQuery(questQueries.reviews(quest._id));
  const pages = reviews.data?.pages;
  const reviewList = pages ? pages.flatMap((page) => page.reviews) : quest.recentReviews;
  const rating = pages?.[0]?.rating ?? {
    average: quest.averageRating,
    totalReviews: quest.totalReviews,
    breakdown: quest.ratingBreakdown,
  };
  const steps = allSteps ? quest.tasks : quest.tasks.slice(0, STEPS_PREVIEW);
  const tips = allTips ? quest.tips : quest.tips.slice(0, TIPS_PREVIEW);
  const shownReviews = allReviews ? reviewList : reviewList.slice(0, REVIEWS_PREVIEW);
  const stars = DIFFICULTY_STARS[quest.difficulty];
  // The server takes reviews from explorers who started the quest, never from its creator (403 otherwise).
  const canReview = viewer.progress !== null && !viewer.own;

  return (
    <Stack gap="lg">
      <Card radius="lg" p={0} pos="relative" style={{ overflow: 'hidden' }} component="header">
        <Image
          src={!cover || coverFailed ? DEFAULT_QUEST_IMAGE : cover}
          alt=""
          h={{ base: 220, sm: 320 }}
          fit="cover"
          onError={() => setCoverFailed(true)}
        />
        <Stack
          gap={6}
          p="lg"
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          style={{ background: 'linear-gradient(transparent, rgba(0,0,0,0.75))' }}
        >
          <Group gap="xs">
            <Badge variant="white">{t(`category.${quest.category}`)}</Badge>
            <Badge color="teal" variant="filled" leftSection={<IconAward size={14} aria-hidden="true" />}>
              {t('xp', { xp: quest.xp })}
            </Badge>
          </Group>
          <Title order={1} c="white">
            {quest.title}
          </Title>
          {quest.subtitle && <Text c="white">{quest.subtitle}</Text>}
          <Group gap={4} c="white">
            <IconMapPin size={16} aria-hidden="true" />
            <Text size="sm">{quest.city || t('locationNotSpecified')}</Text>
          </Group>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" aria-label={t('detail.stats.label')}>
        <StatTile
          icon={<IconClock size={20} aria-hidden="true" />}
          label={t('detail.stats.time')}
          value={quest.estimatedTime || '30-45 mins'}
        />
        <StatTile
          icon={<IconFlag size={20} aria-hidden="true" />}
          label={t('detail.stats.difficulty')}
          value={
            <Group gap={4} wrap="nowrap" component="span">
              {t(`difficulty.${quest.difficulty}`)}
              <Rating
                count={3}
                value={stars}
                readOnly
                size="xs"
                role="img"
                aria-label={t('detail.stats.stars', { count: stars })}
              />
            </Group>
          }
        />
        <StatTile
          icon={<IconStarFilled size={20} color="var(--mantine-color-yellow-6)" aria-hidden="true" />}
          label={t('detail.stats.rating')}
          value={quest.totalReviews > 0 ? quest.averageRating.toFixed(1) : t('detail.stats.notRated')}
        />
        <StatTile
          icon={<IconTrophy size={20} aria-hidden="true" />}
          label={t('detail.stats.completions')}
          value={quest.completions}
        />
        <StatTile
          icon={<IconEye size={20} aria-hidden="true" />}
          label={t('detail.stats.views')}
          value={quest.views}
        />
        <StatTile
          icon={<IconUsers size={20} aria-hidden="true" />}
          label={t('detail.stats.type')}
          value={quest.type || 'Solo Adventure'}
        />
      </SimpleGrid>

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

            <Section id="path-title" title={t('detail.path.title')}>
              {quest.tasks.length === 0 ? (
                <Text c="dimmed">{t('detail.path.empty')}</Text>
              ) : (
                <>
                  <Timeline bulletSize={26} lineWidth={2} active={-1}>
                    {steps.map((task) => (
                      <Timeline.Item
                        key={task._id}
                        bullet={<Text size="xs">{task.order}</Text>}
                        title={t('detail.path.step', { number: task.order })}
                      >
                        <Text size="sm">{task.description}</Text>
                        {task.hint && (
                          <Text size="xs" c="dimmed" mt={4}>
                            {t('detail.path.hint', { hint: task.hint })}
                          </Text>
                        )}
                      </Timeline.Item>
                    ))}
                  </Timeline>
                  {quest.tasks.length > STEPS_PREVIEW && (
                    <Button variant="subtle" mt="sm" onClick={() => setAllSteps((value) => !value)}>
                      {allSteps
                        ? t('detail.path.showLess')
                        : t('detail.path.viewAll', { count: quest.tasks.length })}
                    </Button>
                  )}
                </>
              )}
            </Section>

            {viewer.visitor ? null : canReview ? (
              <ReviewForm questId={quest._id} />
            ) : (
              <Section id="review-form-title" title={t('detail.review.title')}>
                <Text c="dimmed">{viewer.own ? t('detail.review.own') : t('detail.review.startFirst')}</Text>
              </Section>
            )}
            <CommunityRating rating={rating} />

            <Section id="reviews-title" title={t('detail.reviews.title')}>
              {reviewList.length === 0 ? (
                <Text c="dimmed">{t('detail.reviews.empty')}</Text>
              ) : (
                <>
                  <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {shownReviews.map((review) => (
                      <ReviewItem key={review._id} review={review} />
                    ))}
                  </Stack>
                  <Group gap="xs" mt="sm">
                    {reviewList.length > REVIEWS_PREVIEW && (
                      <Button variant="subtle" onClick={() => setAllReviews((value) => !value)}>
                        {allReviews
                          ? t('detail.reviews.showLess')
                          : t('detail.reviews.viewMore', { count: reviewList.length - REVIEWS_PREVIEW })}
                      </Button>
                    )}
                    {allReviews && reviews.hasNextPage && (
                      <Button
                        variant="light"
                        loading={reviews.isFetchingNextPage}
                        onClick={() => void reviews.fetchNextPage()}
                      >
                        {t('detail.reviews.loadMore')}
                      </Button>
                    )}
                  </Group>
                </>
              )}
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <StartPanel quest={quest} viewer={viewer} />
            <QuestRoutePanel quest={quest} />
            <Section id="address-title" title={t('detail.address')}>
              <Text>{quest.address || t('locationNotSpecified')}</Text>
              <Text c="dimmed" size="sm">
                {[quest.city, quest.state, quest.pincode].filter(Boolean).join(', ')}
              </Text>
            </Section>
            <Section id="tips-title" title={t('detail.tips.title')}>
              {quest.tips.length === 0 ? (
                <Text c="dimmed">{t('detail.tips.empty')}</Text>
              ) : (
                <>
                  <List spacing="xs">
                    {tips.map((tip) => (
                      <List.Item key={tip._id}>{tip.tip_text}</List.Item>
                    ))}
                  </List>
                  {quest.tips.length > TIPS_PREVIEW && (
                    <Button variant="subtle" mt="sm" onClick={() => setAllTips((value) => !value)}>
                      {allTips
                        ? t('detail.tips.showLess')
                        : t('detail.tips.viewMore', { count: quest.tips.length - TIPS_PREVIEW })}
                    </Button>
                  )}
                </>
              )}
            </Section>
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
  const { t } = useTranslation();
  const { data: quest } = useSuspenseQuery(questQueries.detail(questId));
  // A restored session's user is still on its way: until then the page cannot tell its creator from a player.
  const userLoading = useAuthStore((state) => state.isAuthenticated && !state.userData);
  if (userLoading) return <FullPageLoader label={t('common.loading')} />;
  return (
    <Container size="xl" py="xl">
      <QuestDetail key={quest._id} quest={quest} />
    </Container>
  );
}
