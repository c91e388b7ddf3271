import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="md" maw={520}>
        <Text fz={64} fw={800} c="dimmed" aria-hidden="true" lh={1}>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.message')}</Text>
        <Button component={Link} to="/admin/dashboard">
          {t('notFound.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
