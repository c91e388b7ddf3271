import { Box, Button, Flex, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What visitors are offered around the catalogue they may read (docs/product-rules/quests.md#visitors): an
 * account, and a way back to `redirect` (a path of this app) once they have one.
 */
function AccountButtons({ redirect }: { redirect: string }) {
  const { t } = useTranslation('quests');
  return (
    <Group gap="sm" grow preventGrowOverflow={false} wrap="nowrap">
      <Button renderRoot={(props) => <Link {...props} to="/signup" search={{ redirect }} />}>
        {t('visitor.signUp')}
      </Button>
      <Button variant="default" renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>
        {t('visitor.logIn')}
      </Button>
    </Group>
  );
}

/** The sign-up message above Explore's catalogue or a quest's page; signing up or in comes back to this page. */
export function VisitorCallout({ page }: { page: 'explore' | 'quest' }) {
  const { t } = useTranslation('quests');
  const titleId = useId();
  const here = useLocation({ select: (location) => location.href });
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--mantine-primary-color-light)"
      component="section"
      aria-labelledby={titleId}
    >
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        gap="md"
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
      >
        <Stack gap={4}>
          <Title order={2} size="h4" id={titleId}>
            {t(`visitor.${page}.title`)}
          </Title>
          <Text>{t(`visitor.${page}.body`)}</Text>
        </Stack>
        <AccountButtons redirect={here} />
      </Flex>
    </Paper>
  );
}

/** Start Quest for a visitor (`questId` set): an account first, then back to that quest's page to start it. */
export function SignUpToStartModal({ questId, onClose }: { questId: string | null; onClose: () => void }) {
  const { t } = useTranslation('quests');
  const router = useRouter();
  const questPage = questId
    ? router.buildLocation({ to: '/quest-overview/$questId', params: { questId } }).href
    : null;
  return (
    <Modal
      opened={questPage !== null}
      onClose={onClose}
      title={t('visitor.start.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'translation' }) }}
    >
      <Text>{t('visitor.start.body')}</Text>
      {questPage && (
        <Box mt="lg">
          <AccountButtons redirect={questPage} />
        </Box>
      )}
    </Modal>
  );
}
