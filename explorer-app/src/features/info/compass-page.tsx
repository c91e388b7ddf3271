import { RANKS, TIER_THRESHOLDS, XP_PER_LEVEL } from '@cityquest/contract/rules';
import { Badge, Card, Container, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { INFO_NAMESPACES } from './info-strings.ts';

const TIER_COLOURS = {
  Common: 'gray',
  Uncommon: 'yellow',
  Rare: 'blue',
  Epic: 'grape',
  Legendary: 'red',
} as const;

/** Compass: how xp, levels, ranks and badges work, read from the same rules the server applies. */
export function CompassPage() {
  const { t } = useTranslation(INFO_NAMESPACES);
  const rankRows = RANKS.map((rank, index) => {
    const next = RANKS[index + 1];
    const levels = next ? `${rank.minLevel}-${next.minLevel - 1}` : `${rank.minLevel}+`;
    return { ...rank, levels, fromXP: (rank.minLevel - 1) * XP_PER_LEVEL };
  });
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4} ta="center">
          <Title order={1}>{t('compass.title')}</Title>
          <Text c="dimmed">{t('compass.subtitle')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {(['earn', 'level', 'badges'] as const).map((step) => (
            <Card key={step} withBorder radius="lg" p="lg">
              <Title order={2} size="h4" mb={4}>
                {t(`compass.steps.${step}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`compass.steps.${step}.body`, { xpPerLevel: XP_PER_LEVEL })}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <section aria-labelledby="compass-ranks">
          <Title order={2} id="compass-ranks" mb="sm">
            {t('compass.ranksTitle')}
          </Title>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('compass.rank')}</Table.Th>
                <Table.Th>{t('compass.levels')}</Table.Th>
                <Table.Th>{t('compass.fromXP')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rankRows.map((rank) => (
                <Table.Tr key={rank.name}>
                  <Table.Td fw={600}>{rank.name}</Table.Td>
                  <Table.Td>{rank.levels}</Table.Td>
                  <Table.Td>{rank.fromXP.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
        <section aria-labelledby="compass-tiers">
          <Title order={2} id="compass-tiers" mb="sm">
            {t('compass.tiersTitle')}
          </Title>
          <Text mb="sm">{t('compass.tiersIntro')}</Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            {Object.entries(TIER_THRESHOLDS).map(([tier, xp]) => (
              <Card key={tier} withBorder radius="md" p="md" ta="center">
                <Badge color={TIER_COLOURS[tier as keyof typeof TIER_COLOURS]} variant="filled" mb={6}>
                  {t(`compass.tiers.${tier}` as TranslationKey<'info'>)}
                </Badge>
                <Text fw={700}>{t('compass.tierXP', { xp: xp.toLocaleString() })}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </Container>
  );
}
