import { Alert, Button, Card, Container, Rating, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const CATEGORIES = ['general', 'feature', 'bug', 'ux', 'other'] as const;

/** Provide Feedback: the documents give this form no server call, so it thanks the user on this device. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<string>('general');
  const [rating, setRating] = useState(0);
  const [comments, setComments] = useState('');
  const [sent, setSent] = useState(false);

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
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            if (rating > 0 || comments.trim()) setSent(true);
          }}
        >
          <Stack gap="md">
            <Select
              label={t('feedback.category')}
              value={category}
              allowDeselect={false}
              onChange={(value) => value && setCategory(value)}
              data={CATEGORIES.map((value) => ({ value, label: t(`feedback.categories.${value}`) }))}
            />
            <Stack gap={4}>
              <Text fw={500} size="sm" id="feedback-rating">
                {t('feedback.rating')}
              </Text>
              <Rating value={rating} onChange={setRating} size="lg" aria-labelledby="feedback-rating" />
            </Stack>
            <Textarea
              label={t('feedback.comments')}
              autosize
              minRows={4}
              value={comments}
              onChange={(event) => setComments(event.currentTarget.value)}
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
