import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAward,
  IconMap2,
  IconRocket,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { INFO_NAMESPACES } from './info-strings.ts';

const TOPICS = [
  { key: 'gettingStarted', icon: IconRocket },
  { key: 'quests', icon: IconMap2 },
  { key: 'achievements', icon: IconAward },
  { key: 'social', icon: IconUsers },
  { key: 'account', icon: IconSettings },
  { key: 'safety', icon: IconShieldLock },
] as const;

const FAQ = [
  { key: 'start', topic: 'gettingStarted' },
  { key: 'find', topic: 'quests' },
  { key: 'limit', topic: 'quests' },
  { key: 'proof', topic: 'quests' },
  { key: 'xp', topic: 'achievements' },
  { key: 'badges', topic: 'achievements' },
  { key: 'friends', topic: 'social' },
  { key: 'create', topic: 'quests' },
  { key: 'privacy', topic: 'safety' },
  { key: 'delete', topic: 'account' },
] as const;

const ARTICLES = ['firstQuest', 'proofPhotos', 'levels'] as const;

export function HelpCenterPage() {
  const { t } = useTranslation(INFO_NAMESPACES);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4} ta="center">
          <Title order={1}>{t('help.title')}</Title>
          <Text c="dimmed">{t('help.subtitle')}</Text>
        </Stack>
        <section aria-labelledby="help-topics">
          <Title order={2} id="help-topics" mb="md">
            {t('help.topicsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {TOPICS.map(({ key, icon: Icon }) => (
              <Card key={key} withBorder radius="lg" p="lg">
                <Group wrap="nowrap">
                  <ThemeIcon size={44} radius="md" variant="light">
                    <Icon size={24} aria-hidden="true" />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Text fw={700}>{t(`help.topics.${key}.title`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`help.topics.${key}.body`)}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="help-faq">
          <Title order={2} id="help-faq" mb="md">
            {t('help.faqTitle')}
          </Title>
          {/* One item open at a time (docs/product-rules/explorer-screens.md#support-pages). */}
          <Accordion variant="separated">
            {FAQ.map(({ key, topic }) => (
              <Accordion.Item key={key} value={key}>
                <Accordion.Control>
                  <Group gap="sm" wrap="nowrap">
                    <Badge variant="outline" size="sm">
                      {t(`help.topics.${topic}.title`)}
                    </Badge>
                    <Text>{t(`help.faq.${key}.q`)}</Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>{t(`help.faq.${key}.a`)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="help-articles">
            <Title order={2} size="h4" id="help-articles" mb="sm">
              {t('help.articlesTitle')}
            </Title>
            <List spacing="xs">
              {ARTICLES.map((article) => (
                <List.Item key={article}>
                  <Text fw={600} size="sm">
                    {t(`help.articles.${article}.title`)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`help.articles.${article}.body`)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Card>
          <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="help-contact">
            <Title order={2} size="h4" id="help-contact" mb="sm">
              {t('help.stillStuck')}
            </Title>
            <Text size="sm" mb="sm">
              {t('help.emailUs')} <Anchor href="mailto:support@cityquest.app">support@cityquest.app</Anchor>
            </Text>
            <Text size="sm" c="dimmed" mb="md">
              {t('help.tip')}
            </Text>
            <Group>
              <Button component={Link} to="/contact-us">
                {t('translation:footer.contact')}
              </Button>
              <Button component={Link} to="/report-bug" variant="default">
                {t('help.reportBug')}
              </Button>
            </Group>
          </Card>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
