import { Section } from '@cityquest/shared-ui';
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBook,
  IconBug,
  IconCameraCheck,
  IconMail,
  IconMailCheck,
  IconMap2,
  IconMessages,
  IconTrophy,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../lib/auth-api.ts';
import { openChatbot } from '../../lib/chatbot-launcher.ts';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { AssistantSection } from './support-assistant.tsx';
import { FaqSection, KnowledgeBaseSection } from './support-guides.tsx';
import classes from './support-page.module.css';
import type { TablerIcon } from './support-topics.ts';

const STEPS: readonly { key: string; icon: TablerIcon }[] = [
  { key: 'signUp', icon: IconUserPlus },
  { key: 'verify', icon: IconMailCheck },
  { key: 'pick', icon: IconMap2 },
  { key: 'walk', icon: IconCameraCheck },
  { key: 'earn', icon: IconTrophy },
];

const SUPPORT_EMAIL = 'support@cityquest.app';

/** The public support page: a local question box over the page's own guides and FAQ, and every way to get help. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const signedIn = useSignedIn();
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

function GettingStartedSection() {
  const { t } = useTranslation('support');
  return (
    <Section title={t('steps.title')}>
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
              {t(`steps.${key}.title` as TranslationKey<'support'>)}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`steps.${key}.body` as TranslationKey<'support'>)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function JoinPrompt() {
  const { t } = useTranslation('support');
  return (
    <Section title={t('join.title')}>
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed" maw={560}>
          {t('join.body')}
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/signup">
            {t('join.signUp')}
          </Button>
          <Button component={Link} to="/login" variant="default">
            {t('join.logIn')}
          </Button>
        </Group>
      </Group>
    </Section>
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
    <Section title={t('help.title')}>
      <Text c="dimmed">
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
      <Text size="sm" c="dimmed" ta="center">
        {t('help.hours')}
      </Text>
    </Section>
  );
}
