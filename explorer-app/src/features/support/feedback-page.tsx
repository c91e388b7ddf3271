import { Alert, Button, Card, Container, Rating, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const CATEGORIES = ['general', 'feature', 'bug', 'ux', 'other'] as const;

/**
 * Provide Feedback has no server call, so it thanks the user on this device
 * (docs/product-rules/sample-data.md#sample-content-in-the-apps).
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { category: 'general', rating: 0, comments: '' } });
  const { rating, comments } = form.values;

  if (sent) {
    return (
      <Container size="sm" py="xl">
        <Alert color="green" role="status" title={t('feedback.thanksTitle')}>
          {t('feedback.thanks')}
        </Alert>
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
        <Card
          withBorder
          radius="lg"
          p="lg"
          component="form"
          onSubmit={form.onSubmit((values) => {
            if (values.rating > 0 || values.comments.trim()) setSent(true);
          })}
        >
          <Stack gap="md">
            <Select
              label={t('feedback.category')}
              allowDeselect={false}
              {...form.getInputProps('category')}
              data={CATEGORIES.map((value) => ({ value, label: t(`feedback.categories.${value}`) }))}
            />
            <Stack gap={4}>
              <Text fw={500} size="sm" id="feedback-rating">
                {t('feedback.rating')}
              </Text>
              <Rating size="lg" aria-labelledby="feedback-rating" {...form.getInputProps('rating')} />
            </Stack>
            <Textarea
              label={t('feedback.comments')}
              autosize
              minRows={4}
              {...form.getInputProps('comments')}
            />
            <Button type="submit" disabled={rating === 0 && !comments.trim()}>
              {t('feedback.submit')}
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
