import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="red">
          <IconLock size={40} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t('accessDenied.title')}</Title>
        <Text c="dimmed">{t('accessDenied.message')}</Text>
        <Group justify="center">
          <Button component={Link} to="/signup">
            {t('accessDenied.createAccount')}
          </Button>
          <Button component={Link} to="/login" variant="default">
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
