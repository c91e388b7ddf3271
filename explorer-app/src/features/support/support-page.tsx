import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconAward,
  IconBook,
  IconBug,
  IconCameraCheck,
  IconLifebuoy,
  IconMail,
  IconMailCheck,
  IconMap2,
  IconMessages,
  IconMoodEmpty,
  IconRocket,
  IconSearch,
  IconShieldLock,
  IconSparkles,
  IconTrophy,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { type ComponentType, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { openChatbot } from '../../lib/chatbot-launcher.ts';
import { createHelpIndex, type HelpText, searchHelp } from './help-search.ts';
import classes from './support-page.module.css';

type TablerIcon = ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;

const TOPICS = ['gettingStarted', 'quests', 'progress', 'friends', 'account'] as const;
type Topic = (typeof TOPICS)[number];

const TOPIC_ICONS: Record<Topic, TablerIcon> = {
  gettingStarted: IconRocket,
  quests: IconMap2,
  progress: IconAward,
  friends: IconUsers,
  account: IconShieldLock,
};

const ARTICLES: readonly { key: string; topic: Topic }[] = [
  { key: 'createAccount', topic: 'gettingStarted' },
  { key: 'firstQuest', topic: 'gettingStarted' },
  { key: 'ongoingLimit', topic: 'quests' },
  { key: 'proofs', topic: 'quests' },
  { key: 'createQuest', topic: 'quests' },
  { key: 'xpLevels', topic: 'progress' },
  { key: 'badges', topic: 'progress' },
  { key: 'addFriends', topic: 'friends' },
  { key: 'reviews', topic: 'friends' },
  { key: 'privacy', topic: 'account' },
  { key: 'password', topic: 'account' },
];

const FAQ: Record<Topic, readonly string[]> = {
  gettingStarted: ['free', 'needAccount', 'verify'],
  quests: ['howMany', 'proofReview', 'duration'],
  progress: ['levelUp', 'noXp', 'ranks'],
  friends: ['visibility', 'remove'],
  account: ['preferences', 'delete', 'data'],
};

const STEPS: readonly { key: string; icon: TablerIcon }[] = [
  { key: 'signUp', icon: IconUserPlus },
  { key: 'verify', icon: IconMailCheck },
  { key: 'pick', icon: IconMap2 },
  { key: 'walk', icon: IconCameraCheck },
  { key: 'earn', icon: IconTrophy },
];

const SUGGESTIONS = ['limit', 'level', 'proof'] as const;

const SUPPORT_EMAIL = 'support@cityquest.app';
const SEARCH_DELAY_MS = 300;
const MIN_TYPED_LENGTH = 2;

/** The public support page: a local question box over the page's own guides and FAQ, and every way to get help. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="sm" align="center" ta="center">
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" maw={560}>
            {t('subtitle')}
          </Text>
          <div className={classes.status}>
            <span className={classes.statusDot} aria-hidden="true" />
            <Text size="sm">
              <Text span fw={700} inherit>
                {t('status.label')}
              </Text>{' '}
              {t('status.message')}
            </Text>
          </div>
        </Stack>
        <AssistantSection />
        <GettingStartedSection />
        {!signedIn && <JoinPrompt />}
        <KnowledgeBaseSection />
        <FaqSection />
        <HelpSection signedIn={signedIn} />
      </Stack>
    </Container>
  );
}

type Entry = HelpText & { id: string; source: 'article' | 'faq' };

/** The page's guides and FAQ entries, as the visitor reads them. */
function entriesOf(t: TFunction<'support'>): Entry[] {
  return [
    ...ARTICLES.map(({ key, topic }) => ({
      id: `article-${key}`,
      source: 'article' as const,
      topicName: t(`topics.${topic}`),
      title: t(`kb.articles.${key}.title`),
      body: t(`kb.articles.${key}.body`),
    })),
    ...TOPICS.flatMap((topic) =>
      FAQ[topic].map((key) => ({
        id: `faq-${key}`,
        source: 'faq' as const,
        topicName: t(`topics.${topic}`),
        title: t(`faq.items.${key}.q`),
        body: t(`faq.items.${key}.a`),
      })),
    ),
  ];
}

function AssistantSection() {
  // `t` changes with the language and loaded strings, so the index always searches what the visitor reads.
  const { t } = useTranslation('support');
  const [asked, setAsked] = useState('');
  // While typing, a single letter would only ever say 'no answers'; a submitted question is always answered.
  const ask = useDebouncedCallback((question: string) => {
    const trimmed = question.trim();
    setAsked(trimmed.length >= MIN_TYPED_LENGTH ? trimmed : '');
  }, SEARCH_DELAY_MS);
  const index = useMemo(() => createHelpIndex(entriesOf(t), t('assistant.stopWords')), [t]);
  const answers = useMemo(() => (asked ? searchHelp(index, asked) : []), [asked, index]);

  const form = useForm({
    initialValues: { question: '' },
    onValuesChange: ({ question }) => ask(question),
  });

  function onSubmit({ question }: { question: string }) {
    ask.cancel();
    setAsked(question.trim());
  }

  function askSuggestion(question: string) {
    form.setFieldValue('question', question);
    ask.cancel();
    setAsked(question);
  }

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="support-assistant">
      <Group wrap="nowrap" align="flex-start" mb="md">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconSparkles size={24} aria-hidden="true" />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={2} size="h3" id="support-assistant">
            {t('assistant.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('assistant.intro')}
          </Text>
        </Stack>
      </Group>
      <form onSubmit={form.onSubmit(onSubmit)}>
        <Group align="flex-end" wrap="nowrap" gap="sm">
          <TextInput
            label={t('assistant.label')}
            placeholder={t('assistant.placeholder')}
            {...form.getInputProps('question')}
            leftSection={<IconSearch size={18} aria-hidden="true" />}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit">{t('assistant.submit')}</Button>
        </Group>
      </form>
      {!asked && (
        <Group gap="xs" mt="md" align="center">
          <Text size="sm" c="dimmed">
            {t('assistant.suggestionsLabel')}
          </Text>
          {SUGGESTIONS.map((key) => (
            <Button
              key={key}
              variant="default"
              size="compact-sm"
              onClick={() => askSuggestion(t(`assistant.suggestions.${key}`))}
            >
              {t(`assistant.suggestions.${key}`)}
            </Button>
          ))}
        </Group>
      )}
      <Text role="status" fw={600} mt={asked ? 'md' : 0}>
        {asked &&
          (answers.length > 0
            ? t('assistant.found', { count: answers.length, query: asked })
            : t('assistant.noMatch', { query: asked }))}
      </Text>
      {asked && answers.length > 0 && (
        <Stack gap="sm" mt="sm">
          {answers.map((entry) => (
            <ArticleCard
              key={entry.id}
              title={entry.title}
              body={entry.body}
              labels={[
                entry.source === 'article' ? t('assistant.fromArticles') : t('assistant.fromFaq'),
                entry.topicName,
              ]}
            />
          ))}
        </Stack>
      )}
      {asked && answers.length === 0 && (
        <Group wrap="nowrap" align="flex-start" mt="sm">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray">
            <IconMoodEmpty size={22} aria-hidden="true" />
          </ThemeIcon>
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="dimmed">
              {t('assistant.noMatchHelp')}
            </Text>
            <Button component={Link} to="/contact-us" leftSection={<IconMail size={18} aria-hidden="true" />}>
              {t('help.contact.action')}
            </Button>
          </Stack>
        </Group>
      )}
    </Card>
  );
}

/** One guide or FAQ answer, named by its title for screen readers. */
function ArticleCard({ title, body, labels }: { title: string; body: string; labels: string[] }) {
  const titleId = useId();
  return (
    <Card withBorder radius="lg" p="lg" component="article" aria-labelledby={titleId}>
      <Group gap={6} mb="xs">
        {labels.map((label) => (
          <Badge key={label} variant="outline" size="sm">
            {label}
          </Badge>
        ))}
      </Group>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      <Text size="sm" mt={4}>
        {body}
      </Text>
    </Card>
  );
}

function GettingStartedSection() {
  const { t } = useTranslation('support');
  return (
    <section aria-labelledby="support-getting-started">
      <Title order={2} id="support-getting-started" mb="md">
        {t('steps.title')}
      </Title>
      <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 5 }} className={classes.steps}>
        {STEPS.map(({ key, icon: Icon }, index) => (
          <Card key={key} component="li" withBorder radius="lg" p="lg">
            <Group gap="sm" mb="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="xl" variant="light">
                <Icon size={22} aria-hidden="true" />
              </ThemeIcon>
              <Text size="sm" c="dimmed" className={classes.stepNumber}>
                {t('steps.step', { number: index + 1 })}
              </Text>
            </Group>
            <Title order={3} size="h5">
              {t(`steps.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`steps.${key}.body`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

function JoinPrompt() {
  const { t } = useTranslation('support');
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="support-join">
      <Group justify="space-between" gap="md">
        <Stack gap={4} maw={560}>
          <Title order={2} size="h3" id="support-join">
            {t('join.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('join.body')}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/signup">
            {t('join.signUp')}
          </Button>
          <Button component={Link} to="/login" variant="default">
            {t('join.logIn')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function KnowledgeBaseSection() {
  const { t } = useTranslation('support');
  const [topic, setTopic] = useState<Topic | 'all'>('all');
  const filterLabel = useId();
  const shown = topic === 'all' ? ARTICLES : ARTICLES.filter((article) => article.topic === topic);
  return (
    <section aria-labelledby="support-kb">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light">
          <IconBook size={20} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} id="support-kb">
          {t('kb.title')}
        </Title>
      </Group>
      <Text c="dimmed" mb="md">
        {t('kb.intro')}
      </Text>
      <Text size="sm" fw={600} id={filterLabel} mb={6}>
        {t('kb.filterLabel')}
      </Text>
      <Chip.Group value={topic} onChange={(value) => setTopic(value as Topic | 'all')}>
        <Group gap="xs" role="radiogroup" aria-labelledby={filterLabel}>
          {(['all', ...TOPICS] as const).map((key) => (
            <Chip key={key} value={key} name="support-kb-topic">
              {key === 'all' ? t('kb.allTopics') : t(`topics.${key}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" c="dimmed" role="status" mt="sm" mb="sm">
        {t('kb.showing', { count: shown.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {shown.map(({ key, topic: articleTopic }) => (
          <ArticleCard
            key={key}
            title={t(`kb.articles.${key}.title`)}
            body={t(`kb.articles.${key}.body`)}
            labels={[t(`topics.${articleTopic}`)]}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

function FaqSection() {
  const { t } = useTranslation('support');
  return (
    <section aria-labelledby="support-faq">
      <Title order={2} id="support-faq" mb="xs">
        {t('faq.title')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('faq.intro')}
      </Text>
      {/* One section open at a time (docs/product-rules/explorer-screens.md#support-pages). */}
      <Accordion variant="separated" order={3} defaultValue={TOPICS[0]}>
        {TOPICS.map((topic) => {
          const Icon = TOPIC_ICONS[topic];
          return (
            <Accordion.Item key={topic} value={topic}>
              <Accordion.Control
                icon={
                  <ThemeIcon size={32} radius="md" variant="light">
                    <Icon size={18} aria-hidden="true" />
                  </ThemeIcon>
                }
              >
                <Group gap="xs" justify="space-between" pr="sm">
                  <Text fw={600}>{t(`topics.${topic}`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('faq.count', { count: FAQ[topic].length })}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="md">
                  {FAQ[topic].map((key) => (
                    <div key={key}>
                      <Title order={4} size="h6">
                        {t(`faq.items.${key}.q`)}
                      </Title>
                      <Text size="sm" mt={4}>
                        {t(`faq.items.${key}.a`)}
                      </Text>
                    </div>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </section>
  );
}

function HelpCard({ icon: Icon, body, children }: { icon: TablerIcon; body: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg">
      <ThemeIcon size={44} radius="md" variant="light" mb="sm">
        <Icon size={24} aria-hidden="true" />
      </ThemeIcon>
      <Text size="sm" c="dimmed" mb="md">
        {body}
      </Text>
      <div className={classes.cardAction}>{children}</div>
    </Card>
  );
}

function HelpSection({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('support');
  // /chat-support and /help are for signed-in explorers; visitors get the help chatbot and a way to log in instead.
  const audience = signedIn ? 'member' : 'visitor';
  return (
    <section aria-labelledby="support-help">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light">
          <IconLifebuoy size={20} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} id="support-help">
          {t('help.title')}
        </Title>
      </Group>
      <Text c="dimmed" mb="md">
        {t('help.intro')}{' '}
        <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit underline="always">
          {SUPPORT_EMAIL}
        </Anchor>
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <HelpCard icon={IconMail} body={t('help.contact.body')}>
          <Button component={Link} to="/contact-us" fullWidth>
            {t('help.contact.action')}
          </Button>
        </HelpCard>
        <HelpCard icon={IconBug} body={t('help.bug.body')}>
          <Button component={Link} to="/report-bug" fullWidth variant="default">
            {t('help.bug.action')}
          </Button>
        </HelpCard>
        <HelpCard icon={IconMessages} body={t(`help.chat.${audience}`)}>
          {signedIn ? (
            <Button component={Link} to="/chat-support" fullWidth variant="default">
              {t('help.chat.action')}
            </Button>
          ) : (
            <Button onClick={openChatbot} fullWidth variant="default">
              {t('help.chat.action')}
            </Button>
          )}
        </HelpCard>
        <HelpCard icon={IconBook} body={t(`help.center.${audience}`)}>
          <Button component={Link} to={signedIn ? '/help' : '/login'} fullWidth variant="default">
            {t(`help.center.${audience}Action`)}
          </Button>
        </HelpCard>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="md" ta="center">
        {t('help.hours')}
      </Text>
    </section>
  );
}
