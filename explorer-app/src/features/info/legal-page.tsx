import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';

const SECTIONS = {
  privacy: ['collect', 'use', 'security', 'rights', 'thirdParties', 'contact'],
  terms: ['conduct', 'participation', 'property', 'liability', 'termination', 'changes', 'law'],
} as const;

/** Privacy Policy and Terms of Service (docs/product-rules/explorer-screens.md#support-pages), last updated August 15, 2025. */
export function LegalPage({ document }: { document: keyof typeof SECTIONS }) {
  const { t } = useTranslation('legal');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t(`${document}.title`)}</Title>
          <Text c="dimmed">{t('legal.lastUpdated')}</Text>
          <Text>{t(`${document}.intro`)}</Text>
        </Stack>
        {SECTIONS[document].map((section) => (
          <Stack key={section} gap={6} component="section" aria-labelledby={`${document}-${section}`}>
            <Title order={2} size="h3" id={`${document}-${section}`}>
              {t(`${document}.sections.${section}.title` as TranslationKey<'legal'>)}
            </Title>
            <Text>{t(`${document}.sections.${section}.body` as TranslationKey<'legal'>)}</Text>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
