import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QuestForm } from './quest-form.tsx';

/** /create-quest (docs/product-rules/explorer-screens.md#create-quest-form). */
export function CreateQuestPage() {
  const { t } = useTranslation('create');
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('create.title')}</Title>
          <Text c="dimmed">{t('create.subtitle')}</Text>
        </Stack>
        <QuestForm />
      </Stack>
    </Container>
  );
}
