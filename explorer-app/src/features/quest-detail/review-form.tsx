import { REVIEW_COMMENT_MAX } from '@cityquest/contract';
import { Alert, Button, Card, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { useSubmitReview } from '../../lib/quests/quest-api.ts';

const RATING_LABELS = ['poor', 'fair', 'good', 'veryGood', 'excellent'] as const;

/** Rate and review a quest (POST /quest-reviews/{questId}); the quest's page and its reviews follow. */
export function ReviewForm({ questId }: { questId: string }) {
  const { t } = useTranslation('quests');
  const submit = useSubmitReview(questId);
  const [hovered, setHovered] = useState(-1);
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { rating: 0, comment: '' },
    validateInputOnChange: ['comment'],
    validate: {
      rating: (value) => (value >= 1 && value <= 5 ? null : t('detail.review.noRating')),
      comment: (value) =>
        value.length > REVIEW_COMMENT_MAX ? t('detail.review.tooLong', { max: REVIEW_COMMENT_MAX }) : null,
    },
  });
  const { rating, comment } = form.getValues();
  const shown = hovered > 0 ? hovered : rating;
  const tooLong = comment.length > REVIEW_COMMENT_MAX;
  const unplacedError = submit.error && submit.error.fieldErrors.length === 0 ? submit.error.message : null;

  const onSubmit = form.onSubmit((values) =>
    submit.mutate(
      { rating: values.rating, comment: values.comment.trim() },
      {
        onSuccess: () => setDone(true),
        onError: (error) =>
          form.setErrors(Object.fromEntries(error.fieldErrors.map((field) => [field.field, field.message]))),
      },
    ),
  );

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
              form.reset();
              submit.reset();
            }}
          >
            {t('detail.review.again')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text id="review-rating-label" size="sm" fw={500}>
              {t('detail.review.ratingLabel')}
            </Text>
            <Group gap="sm">
              <Rating
                value={rating}
                onChange={(value) => form.setFieldValue('rating', value)}
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
                {shown > 0
                  ? t(`detail.review.labels.${RATING_LABELS[shown - 1]}` as TranslationKey<'quests'>)
                  : ''}
              </Text>
            </Group>
            {form.errors.rating && (
              <Text size="sm" c="red">
                {form.errors.rating}
              </Text>
            )}
            <Textarea
              label={t('detail.review.textLabel')}
              placeholder={t('detail.review.placeholder')}
              autosize
              minRows={3}
              {...form.getInputProps('comment')}
            />
            <Text size="xs" c={tooLong ? 'red' : 'dimmed'} ta="right" aria-live="polite">
              {t('detail.review.counter', { count: comment.length, max: REVIEW_COMMENT_MAX })}
            </Text>
            {unplacedError && (
              <Alert color="red" variant="light" role="alert">
                {unplacedError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={submit.isPending} disabled={rating === 0 || tooLong}>
                {t('detail.review.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
