import { Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import classes from './home-page.module.css';

function Landing() {
  const { t } = useTranslation();
  return (
    <section className={classes.hero}>
      <Container size="md" py={96}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} className={classes.heroTitle}>
            {t('landing.heroTitle')}
          </Title>
          <Text size="lg" className={classes.heroText}>
            {t('landing.heroText')}
          </Text>
          <Group justify="center">
            <Button size="lg" component={Link} to="/signup">
              {t('landing.signUp')}
            </Button>
            <Button size="lg" variant="white" component={Link} to="/login">
              {t('nav.login')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}

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
  return isAuthenticated ? <Home /> : <Landing />;
}
