import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './home-page.module.css';

/** The two sample events (docs/product-rules/sample-data.md#sample-content-in-the-apps). */
const EVENTS = [
  { id: 'flavor', day: '28', community: false },
  { id: 'cleanup', day: '30', community: true },
] as const;

export function UpcomingEvents() {
  const { t } = useTranslation('quests');
  return (
    <Stack gap="sm" component="section" aria-labelledby="events-title">
      <Title order={2} id="events-title">
        {t('home.events.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {EVENTS.map((event) => {
          const title = t(`home.events.${event.id}.title`);
          // Tag 'Community Challenge' has Join Now, others Learn More.
          const action = event.community ? t('home.events.joinNow') : t('home.events.learnMore');
          return (
            <Card key={event.id} withBorder radius="lg" p="md" component="article">
              <Group align="flex-start" wrap="nowrap">
                <Stack gap={0} className={classes.eventDate}>
                  <Text fz={24} fw={800} lh={1}>
                    {event.day}
                  </Text>
                  <Text size="xs" fw={700}>
                    {t(`home.events.${event.id}.month`)}
                  </Text>
                </Stack>
                <Stack gap={6}>
                  <Badge variant="light" color={event.community ? 'grape' : 'orange'}>
                    {t(`home.events.${event.id}.tag`)}
                  </Badge>
                  <Title order={3} size="h5">
                    {title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`home.events.${event.id}.description`)}
                  </Text>
                  <Group>
                    <Button
                      size="xs"
                      variant={event.community ? 'filled' : 'light'}
                      component={Link}
                      to="/events"
                      aria-label={t('home.events.buttonLabel', { action, title })}
                    >
                      {action}
                    </Button>
                  </Group>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
