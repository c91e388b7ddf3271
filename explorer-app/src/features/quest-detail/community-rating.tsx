import type { Schema } from '@cityquest/contract';
import { Card, Group, Progress, Rating, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Average, number of reviews and how many gave each star rating. */
export function CommunityRating({ rating }: { rating: Schema<'CommunityRating'> }) {
  const { t } = useTranslation('quests');
  const total = rating.totalReviews;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="community-rating-title">
      <Title order={2} size="h4" id="community-rating-title" mb="sm">
        {t('detail.community.title')}
      </Title>
      <Group align="center" gap="lg" wrap="nowrap">
        <Stack gap={2} align="center">
          <Text fz={36} fw={800} lh={1}>
            {total > 0 ? rating.average.toFixed(1) : '–'}
          </Text>
          <Rating value={rating.average} fractions={10} readOnly size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('detail.community.reviews', { count: total })}
          </Text>
        </Stack>
        <Stack gap={4} flex={1}>
          {([5, 4, 3, 2, 1] as const).map((stars) => {
            const count = rating.breakdown[stars];
            return (
              <Group key={stars} gap="xs" wrap="nowrap">
                <Text size="sm" w={56}>
                  {t('detail.community.stars', { count: stars })}
                </Text>
                <Progress
                  value={total > 0 ? (count / total) * 100 : 0}
                  flex={1}
                  color="yellow"
                  aria-label={t('detail.community.barLabel', { count, stars })}
                />
                <Text size="sm" w={28} ta="right">
                  {count}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Group>
    </Card>
  );
}
