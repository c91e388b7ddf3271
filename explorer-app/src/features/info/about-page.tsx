import { IconCard } from '@cityquest/shared-ui';
import { Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconMap2, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { INFO_NAMESPACES } from './info-strings.ts';

const OFFERS = [
  { key: 'quests', icon: IconMap2 },
  { key: 'rewards', icon: IconAward },
  { key: 'community', icon: IconUsersGroup },
] as const;

export function AboutPage() {
  const { t } = useTranslation(INFO_NAMESPACES);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" ta="center" align="center">
          <Title order={1}>{t('about.title')}</Title>
          <Text size="lg" c="dimmed" maw={680}>
            {t('about.mission')}
          </Text>
        </Stack>
        <section aria-labelledby="about-offers">
          <Title order={2} id="about-offers" mb="md">
            {t('about.offersTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {OFFERS.map(({ key, icon }) => (
              <IconCard
                key={key}
                icon={icon}
                title={t(`about.offers.${key}.title`)}
                body={t(`about.offers.${key}.body`)}
              />
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="about-team">
          <Title order={2} id="about-team" mb="xs">
            {t('about.teamTitle')}
          </Title>
          <Text>{t('about.team')}</Text>
        </section>
        <Stack align="center" gap="xs">
          <Text fw={600}>{t('about.questions')}</Text>
          <Button component={Link} to="/contact-us">
            {t('translation:footer.contact')}
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
