import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function FeatureUnderDevelopmentPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="yellow">
          <IconTools size={40} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t('featureUnderDevelopment.title')}</Title>
        <Text c="dimmed">{t('featureUnderDevelopment.message')}</Text>
        <Button component={Link} to="/">
          {t('common.backToHome')}
        </Button>
      </Stack>
    </Container>
  );
}
