import { FEEDBACK_CATEGORIES, type FeedbackCategory, SUPPORT_LIMITS } from '@cityquest/contract';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import {
  Alert,
  Button,
  Card,
  Container,
  NativeSelect,
  Rating,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_NAMESPACES } from './contact-strings.ts';
import { useSendFeedback } from './support-api.ts';

type FeedbackValues = { category: FeedbackCategory; rating: number; comments: string };
const EMPTY: FeedbackValues = { category: 'general', rating: 0, comments: '' };

/**
 * Provide Feedback: a category, a star rating, comments, or both of the last two; the team reads it in the
 * admin console's Reports (docs/product-rules/explorer-screens.md#provide-feedback).
 */
export function FeedbackPage() {
  const { t } = useTranslation(CONTACT_NAMESPACES);
  const send = useSendFeedback();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FeedbackValues>({
    initialValues: EMPTY,
    validate: (values) =>
      values.rating === 0 && !values.comments.trim() ? { comments: t('feedback.empty') } : {},
  });

  function onSubmit(values: FeedbackValues) {
    setError(null);
    const comments = values.comments.trim();
    send.mutate(
      {
        category: values.category,
        ...(values.rating > 0 ? { rating: values.rating } : {}),
        ...(comments ? { comments } : {}),
      },
      { onError: (failure) => setError(placeErrors(form, failure, t('feedback.failed'))) },
    );
  }

  if (send.isSuccess) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Alert color="green" role="status" title={t('feedback.thanksTitle')} w="100%">
            {t('feedback.thanks')}
          </Alert>
          <Button
            variant="light"
            onClick={() => {
              form.reset();
              send.reset();
            }}
          >
            {t('feedback.another')}
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('feedback.title')}</Title>
          <Text c="dimmed">{t('feedback.subtitle')}</Text>
        </Stack>
        <Card withBorder radius="lg" p="lg" component="form" onSubmit={form.onSubmit(onSubmit)} noValidate>
          <Stack gap="md">
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <NativeSelect
              label={t('feedback.category')}
              {...form.getInputProps('category')}
              data={FEEDBACK_CATEGORIES.map((value) => ({ value, label: t(`feedback.categories.${value}`) }))}
            />
            <Stack gap={4}>
              <Text fw={500} size="sm" id="feedback-rating">
                {t('feedback.rating')}
              </Text>
              <Rating
                size="lg"
                aria-labelledby="feedback-rating"
                getSymbolLabel={(stars) => t('feedback.stars', { count: stars })}
                {...form.getInputProps('rating')}
              />
            </Stack>
            <Textarea
              label={t('feedback.comments')}
              description={t('feedback.hint')}
              autosize
              minRows={4}
              maxLength={SUPPORT_LIMITS.feedbackComments}
              {...form.getInputProps('comments')}
            />
            <Button type="submit" loading={send.isPending}>
              {t('feedback.submit')}
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
