import { Section } from '@cityquest/shared-ui';
import { Accordion, Chip, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { ArticleCard } from './support-assistant.tsx';
import { ARTICLES, FAQ, TOPIC_ICONS, TOPICS, type Topic } from './support-topics.ts';

/** The guides, filtered by topic. */
export function KnowledgeBaseSection() {
  const { t } = useTranslation('support');
  const [topic, setTopic] = useState<Topic | 'all'>('all');
  const filterLabel = useId();
  const shown = topic === 'all' ? ARTICLES : ARTICLES.filter((article) => article.topic === topic);
  return (
    <Section title={t('kb.title')}>
      <Text c="dimmed">{t('kb.intro')}</Text>
      <Stack gap={6}>
        <Text size="sm" fw={600} id={filterLabel}>
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
      </Stack>
      <Text size="sm" c="dimmed" role="status">
        {t('kb.showing', { count: shown.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {shown.map(({ key, topic: articleTopic }) => (
          <ArticleCard
            key={key}
            title={t(`kb.articles.${key}.title` as TranslationKey<'support'>)}
            body={t(`kb.articles.${key}.body` as TranslationKey<'support'>)}
            labels={[t(`topics.${articleTopic}`)]}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** The FAQ, one accordion section per topic. */
export function FaqSection() {
  const { t } = useTranslation('support');
  return (
    <Section title={t('faq.title')}>
      <Text c="dimmed">{t('faq.intro')}</Text>
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
                        {t(`faq.items.${key}.q` as TranslationKey<'support'>)}
                      </Title>
                      <Text size="sm" mt={4}>
                        {t(`faq.items.${key}.a` as TranslationKey<'support'>)}
                      </Text>
                    </div>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Section>
  );
}
