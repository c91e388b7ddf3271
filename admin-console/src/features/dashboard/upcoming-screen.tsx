import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An admin screen whose tools arrive with the admin console issue: its title and an honest line. */
export function UpcomingScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t(titleKey)}</Title>
      <Alert color="blue" variant="light">
        {t('upcoming.message')}
      </Alert>
    </Stack>
  );
}
