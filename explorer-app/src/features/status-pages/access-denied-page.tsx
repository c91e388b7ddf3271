import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Where a visitor lands on a screen that needs an account; signing up or in returns them to that screen. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  const { redirect } = useSearch({ from: '/access-denied' });
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="red">
          <IconLock size={40} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t('accessDenied.title')}</Title>
        <Text c="dimmed">{t('accessDenied.message')}</Text>
        <Group justify="center">
          <Button renderRoot={(props) => <Link {...props} to="/signup" search={{ redirect }} />}>
            {t('accessDenied.createAccount')}
          </Button>
          <Button
            variant="default"
            renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}
          >
            {t('accessDenied.logIn')}
          </Button>
          <Button component={Link} to="/" variant="subtle">
            {t('accessDenied.backHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
