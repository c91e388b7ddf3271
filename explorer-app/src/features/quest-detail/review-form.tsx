import { Alert, Button, Card, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Review, submitQuestReview } from '../../lib/quests/quest-api.ts';

/** Review text is at most 500 characters (admin-and-moderation.md section 5). */
export const REVIEW_MAX = 500;
const RATING_LABELS = ['poor', 'fair', 'good', 'veryGood', 'excellent'] as const;

/** Rate and review a quest; the review really goes to POST /quest-reviews/{questId}. */
export function ReviewForm({
  questId,
  onSubmitted,
}: {
  questId: string;
  onSubmitted: (review: Review) => void;
}) {
  const { t } = useTranslation('quests');
  const [rating, setRating] = useState(0);
  const [hovered, setHovered] = useState(-1);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const shown = hovered > 0 ? hovered : rating;
  const tooLong = comment.length > REVIEW_MAX;

  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      const review = await submitQuestReview(questId, { rating, comment: comment.trim() });
      setDone(true);
      onSubmitted(review);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('detail.review.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="review-form-title">
      <Title order={2} size="h4" id="review-form-title" mb="sm">
        {t('detail.review.title')}
      </Title>
      {done ? (
        <Stack align="center" gap="xs" role="status">
          <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" aria-hidden="true" />
          <Text fw={700}>{t('detail.review.thanks')}</Text>
          <Text c="dimmed" size="sm" ta="center">
            {t('detail.review.thanksBody')}
          </Text>
          <Button
            variant="subtle"
            onClick={() => {
              setDone(false);
              setRating(0);
              setComment('');
            }}
          >
            {t('detail.review.again')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text id="review-rating-label" size="sm" fw={500}>
            {t('detail.review.ratingLabel')}
          </Text>
          <Group gap="sm">
            <Rating
              value={rating}
              onChange={setRating}
              onHover={setHovered}
              size="lg"
              aria-labelledby="review-rating-label"
              getSymbolLabel={(value) =>
                value > 0
                  ? t('detail.review.symbol', {
                      count: value,
                      label: t(`detail.review.labels.${RATING_LABELS[value - 1] ?? 'poor'}`),
                    })
                  : t('detail.review.noRating')
              }
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown > 0 ? t(`detail.review.labels.${RATING_LABELS[shown - 1]}`) : ''}
            </Text>
          </Group>
          <Textarea
            label={t('detail.review.textLabel')}
            placeholder={t('detail.review.placeholder')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={3}
            error={tooLong ? t('detail.review.tooLong', { max: REVIEW_MAX }) : undefined}
          />
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'} ta="right" aria-live="polite">
            {t('detail.review.counter', { count: comment.length, max: REVIEW_MAX })}
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={sending} disabled={rating === 0 || tooLong}>
              {t('detail.review.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
