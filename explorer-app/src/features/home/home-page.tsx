import { Badge, Button, Card, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import classes from './home-page.module.css';
import { LandingPage } from './landing-page.tsx';

/** The signed-in home; the full dashboard arrives with the quests screens. */
function Home() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.userData);
  if (!user) return null;
  return (
    <Container size="lg" py="xl">
      <Card className={classes.welcome} radius="lg" p="xl">
        <Stack gap="sm">
          <Title order={1} c="white">
            {t('home.welcome', { name: user.fullName || user.username })}
          </Title>
          <Group gap="xs">
            <Badge size="lg" variant="white">
              {t('home.level', { level: user.level })}
            </Badge>
            <Badge size="lg" variant="white">
              {user.rank}
            </Badge>
            <Badge size="lg" variant="white">
              {t('home.xp', { xp: user.xp })}
            </Badge>
          </Group>
          <Group>
            <Button component={Link} to="/explore" variant="white">
              {t('home.startAdventure')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}

export function HomePage() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return isAuthenticated ? <Home /> : <LandingPage />;
}
