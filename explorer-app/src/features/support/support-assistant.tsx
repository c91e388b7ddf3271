import { Badge, Button, Card, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconMail, IconMoodEmpty, IconSearch, IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { createHelpIndex, type HelpText, searchHelp } from './help-search.ts';
import { ARTICLES, FAQ, TOPICS } from './support-topics.ts';

const SUGGESTIONS = ['limit', 'level', 'proof'] as const;
const SEARCH_DELAY_MS = 300;
const MIN_TYPED_LENGTH = 2;

type Entry = HelpText & { id: string; source: 'article' | 'faq' };

/** The page's guides and FAQ entries, as the visitor reads them. */
function entriesOf(t: TFunction<'support'>): Entry[] {
  return [
    ...ARTICLES.map(({ key, topic }) => ({
      id: `article-${key}`,
      source: 'article' as const,
      topicName: t(`topics.${topic}`),
      title: t(`kb.articles.${key}.title` as TranslationKey<'support'>),
      body: t(`kb.articles.${key}.body` as TranslationKey<'support'>),
    })),
    ...TOPICS.flatMap((topic) =>
      FAQ[topic].map((key) => ({
        id: `faq-${key}`,
        source: 'faq' as const,
        topicName: t(`topics.${topic}`),
        title: t(`faq.items.${key}.q` as TranslationKey<'support'>),
        body: t(`faq.items.${key}.a` as TranslationKey<'support'>),
      })),
    ),
  ];
}

/** The question box: answers from the page's own guides and FAQ, searched in the visitor's language. */
export function AssistantSection() {
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
export function ArticleCard({ title, body, labels }: { title: string; body: string; labels: string[] }) {
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
