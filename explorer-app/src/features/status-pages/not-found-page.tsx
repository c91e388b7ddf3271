import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const NOT_FOUND_COUNTDOWN_SECONDS = 10;

/** Page Not Found: a cancellable 10-second countdown back home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const [seconds, setSeconds] = useState(NOT_FOUND_COUNTDOWN_SECONDS);
  const [counting, setCounting] = useState(true);

  useEffect(() => {
    if (!counting) return;
    if (seconds <= 0) {
      void navigate({ to: '/' });
      return;
    }
    const timer = window.setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [counting, seconds, navigate]);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={900} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.message')}</Text>
        <Text aria-live="polite">
          {counting ? t('notFound.countdown', { seconds }) : t('notFound.countdownCancelled')}
        </Text>
        {counting && (
          <Button variant="subtle" onClick={() => setCounting(false)}>
            {t('notFound.cancelCountdown')}
          </Button>
        )}
        <Group justify="center">
          <Button component={Link} to="/">
            {t('notFound.goHome')}
          </Button>
          <Button variant="default" onClick={() => router.history.back()}>
            {t('notFound.goBack')}
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('notFound.refresh')}
          </Button>
        </Group>
        <Group justify="center" gap="lg" component="nav" aria-label={t('notFound.suggestions')}>
          <Anchor component={Link} to="/explore">
            {t('nav.explore')}
          </Anchor>
          <Anchor component={Link} to="/my-quest">
            {t('nav.myQuest')}
          </Anchor>
          <Anchor component={Link} to="/compass">
            {t('nav.compass')}
          </Anchor>
          <Anchor component={Link} to="/help">
            {t('footer.help')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
