import { DEFAULT_QUEST_IMAGE, Section, Stat } from '@cityquest/shared-ui';
import {
  Avatar,
  Badge,
  Button,
  Card,
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
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import { coverOf, type Quest, questQueries, type Review } from '../../lib/quests/quest-api.ts';

// Previews (docs/product-rules/explorer-screens.md#quest-detail): steps 2, tips 3, reviews 2.
const STEPS_PREVIEW = 2;
const TIPS_PREVIEW = 3;
const REVIEWS_PREVIEW = 2;
const DIFFICULTY_STARS = { Easy: 1, Medium: 2, Hard: 3 } as const;

/** The cover with the quest's category, XP, title and city over it. */
export function QuestHeader({ quest }: { quest: Quest }) {
  const { t } = useTranslation('quests');
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = coverOf(quest);
  return (
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
  );
}

/** The quest's figures: time, difficulty, rating, completions, views and type. */
export function QuestStats({ quest }: { quest: Quest }) {
  const { t } = useTranslation('quests');
  const stars = DIFFICULTY_STARS[quest.difficulty];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" aria-label={t('detail.stats.label')}>
      <Stat
        size="sm"
        icon={<IconClock size={20} aria-hidden="true" />}
        label={t('detail.stats.time')}
        value={quest.estimatedTime || t('detail.stats.defaultTime')}
      />
      <Stat
        size="sm"
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
      <Stat
        size="sm"
        icon={<IconStarFilled size={20} color="var(--mantine-color-yellow-6)" aria-hidden="true" />}
        label={t('detail.stats.rating')}
        value={quest.totalReviews > 0 ? quest.averageRating.toFixed(1) : t('detail.stats.notRated')}
      />
      <Stat
        size="sm"
        icon={<IconTrophy size={20} aria-hidden="true" />}
        label={t('detail.stats.completions')}
        value={quest.completions}
      />
      <Stat
        size="sm"
        icon={<IconEye size={20} aria-hidden="true" />}
        label={t('detail.stats.views')}
        value={quest.views}
      />
      <Stat
        size="sm"
        icon={<IconUsers size={20} aria-hidden="true" />}
        label={t('detail.stats.type')}
        value={quest.type || t('detail.stats.defaultType')}
      />
    </SimpleGrid>
  );
}

/** The quest's steps, two of them until View all. */
export function PathSection({ quest }: { quest: Quest }) {
  const { t } = useTranslation('quests');
  const [allSteps, setAllSteps] = useState(false);
  const steps = allSteps ? quest.tasks : quest.tasks.slice(0, STEPS_PREVIEW);
  return (
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
              {allSteps ? t('detail.path.showLess') : t('detail.path.viewAll', { count: quest.tasks.length })}
            </Button>
          )}
        </>
      )}
    </Section>
  );
}

/** The quest's tips, three of them until View more. */
export function TipsSection({ quest }: { quest: Quest }) {
  const { t } = useTranslation('quests');
  const [allTips, setAllTips] = useState(false);
  const tips = allTips ? quest.tips : quest.tips.slice(0, TIPS_PREVIEW);
  return (
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

/** The reviews, two until View more, then a page more per Load more. */
export function ReviewsSection({
  reviewList,
  reviews,
}: {
  reviewList: Review[];
  reviews: ReturnType<typeof useQuestReviews>['reviews'];
}) {
  const { t } = useTranslation('quests');
  const [allReviews, setAllReviews] = useState(false);
  const shownReviews = allReviews ? reviewList : reviewList.slice(0, REVIEWS_PREVIEW);
  return (
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
  );
}

/** The quest's reviews as they load, and its rating: until they arrive (or when they fail), the quest's own. */
export function useQuestReviews(quest: Quest) {
  const reviews = useInfiniteQuery(questQueries.reviews(quest._id));
  const pages = reviews.data?.pages;
  const reviewList = pages ? pages.flatMap((page) => page.reviews) : quest.recentReviews;
  const rating = pages?.[0]?.rating ?? {
    average: quest.averageRating,
    totalReviews: quest.totalReviews,
    breakdown: quest.ratingBreakdown,
  };
  return { reviews, reviewList, rating };
}
