import { IconCard } from '@cityquest/shared-ui';
import { Avatar, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconMap2, IconPlayerPause, IconPlayerPlay, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './landing-page.module.css';

/** Fixed marketing figures (docs/product-rules/sample-data.md#sample-content-in-the-apps). */
const FIGURES = [
  { value: '1,252+', key: 'questsCompleted' },
  { value: '454+', key: 'activeExplorers' },
  { value: '4.7', key: 'averageRating' },
] as const;
const FEATURES = [
  { key: 'find', icon: IconMap2 },
  { key: 'earn', icon: IconAward },
  { key: 'connect', icon: IconUsersGroup },
] as const;
const REEL = ['walk', 'prove', 'earn', 'share'] as const;
const TESTIMONIALS = ['priya', 'arjun', 'meera'] as const;
const MOSAIC = ['murals', 'chai', 'fort', 'ghats', 'market', 'lanes'] as const;
const THEMES = ['art', 'food', 'heritage', 'hidden'] as const;
const REEL_STEP_MS = 2500;

function PromoReel() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(true);
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setFrame((current) => (current + 1) % REEL.length), REEL_STEP_MS);
    return () => window.clearInterval(timer);
  }, [playing]);
  const scene = REEL[frame] ?? 'walk';
  return (
    <Card radius="lg" p={0} className={classes.reel}>
      <div className={classes.reelScene} data-scene={scene} aria-live="polite">
        <Text className={classes.reelStep}>
          {t('landing.reel.step', { n: frame + 1, total: REEL.length })}
        </Text>
        <Title order={3} c="white">
          {t(`landing.reel.${scene}`)}
        </Title>
      </div>
      <Group justify="space-between" p="sm">
        <Text size="sm" fw={600}>
          {t('landing.reel.title')}
        </Text>
        <Button
          size="xs"
          onClick={() => setPlaying((value) => !value)}
          aria-pressed={playing}
          leftSection={playing ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
        >
          {playing ? t('landing.reel.pause') : t('landing.reel.play')}
        </Button>
      </Group>
    </Card>
  );
}

/** The visitor landing page (docs/product-rules/explorer-screens.md#landing-page). */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
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
              <Button size="lg" variant="white" component={Link} to="/signup">
                {t('landing.signUp')}
              </Button>
            </Group>
            <SimpleGrid cols={3} spacing="xl" mt="lg">
              {FIGURES.map((figure) => (
                <Stack key={figure.key} gap={0}>
                  <Text fz={32} fw={800} c="white">
                    {figure.value}
                  </Text>
                  <Text size="sm" className={classes.heroText}>
                    {t(`landing.figures.${figure.key}`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </section>
      <Container size="lg" py={64}>
        <Stack gap={64}>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {FEATURES.map(({ key, icon }) => (
              <IconCard
                key={key}
                icon={icon}
                headingOrder={2}
                title={t(`landing.features.${key}.title`)}
                body={t(`landing.features.${key}.body`)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
            <Stack gap="sm">
              <Title order={2}>{t('landing.howTitle')}</Title>
              <Text c="dimmed">{t('landing.howBody')}</Text>
            </Stack>
            <PromoReel />
          </SimpleGrid>
          <section aria-labelledby="landing-testimonials">
            <Title order={2} id="landing-testimonials" ta="center" mb="lg">
              {t('landing.testimonialsTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {TESTIMONIALS.map((person) => (
                <Card key={person} withBorder radius="lg" p="lg" component="figure" m={0}>
                  <Text component="blockquote" m={0} fs="italic">
                    “{t(`landing.testimonials.${person}.quote`)}”
                  </Text>
                  <Group gap="sm" mt="md" component="figcaption">
                    <Avatar radius="xl" color="teal" alt="">
                      {t(`landing.testimonials.${person}.name`).charAt(0)}
                    </Avatar>
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {t(`landing.testimonials.${person}.name`)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`landing.testimonials.${person}.city`)}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
          <section aria-labelledby="landing-community">
            <Title order={2} id="landing-community" ta="center" mb="lg">
              {t('landing.communityTitle')}
            </Title>
            <div className={classes.mosaic}>
              {MOSAIC.map((tile) => (
                <div key={tile} className={classes.tile} data-tile={tile}>
                  <Text fw={700} c="white">
                    {t(`landing.mosaic.${tile}`)}
                  </Text>
                </div>
              ))}
            </div>
          </section>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {THEMES.map((theme) => (
              <Card
                key={theme}
                component={Link}
                to="/signup"
                withBorder
                radius="lg"
                p="lg"
                className={classes.themeCard}
              >
                <Title order={3} size="h5">
                  {t(`landing.themes.${theme}.title`)}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`landing.themes.${theme}.body`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Card radius="lg" p="xl" className={classes.finalCta}>
            <Stack align="center" ta="center" gap="sm">
              <Title order={2} c="white">
                {t('landing.ctaTitle')}
              </Title>
              <Text className={classes.heroText}>{t('landing.ctaBody')}</Text>
              <Button size="lg" variant="white" component={Link} to="/signup">
                {t('landing.signUp')}
              </Button>
            </Stack>
          </Card>
        </Stack>
      </Container>
    </>
  );
}
