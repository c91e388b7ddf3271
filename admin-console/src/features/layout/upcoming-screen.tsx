import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ScreenTitle = 'quests' | 'users' | 'proofs' | 'actionLogs' | 'superDashboard';

/** A guarded admin screen whose tools come with a later issue: its real title and one honest line. */
export function UpcomingScreen({ screen }: { screen: ScreenTitle }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={1}>{t(`screens.${screen}`)}</Title>
      <Text c="dimmed">{t('screens.later')}</Text>
    </Stack>
  );
}
