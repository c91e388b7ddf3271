import type { Schema } from '@cityquest/contract';
import { ApiError } from '@cityquest/web-client';
import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { useStepFocus } from '../../lib/use-step-focus.ts';
import { unsubscribeQueries, useUnsubscribe } from './unsubscribe-api.ts';

const NAMESPACE = 'notifications';

/** A sentence whose <settings> tag links to Settings (a visitor goes through sign-in on the way). */
function WithSettingsLink({
  i18nKey,
  values,
}: {
  i18nKey: TranslationKey<'notifications'>;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={values}
      // The text's own colour, underlined: it also sits on the alerts' tinted backgrounds, where the link colour
      // falls short of the contrast axe asks for.
      components={{
        settings: <Anchor component={Link} to="/settings" c="inherit" underline="always" fw={600} />,
      }}
    />
  );
}

/**
 * Where the link at the foot of every notification mail leads: it names the mail and the address, asks, then
 * turns that kind's mail off, signed in or not (docs/product-rules/social.md#notification-mail).
 */
export function UnsubscribePage() {
  const { t } = useTranslation(NAMESPACE);
  const { token } = useSearch({ from: '/unsubscribe' });
  return (
    <Container size={520} py={48}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} size="h2" ta="center">
            {t('unsubscribe.title')}
          </Title>
          {token ? (
            <UnsubscribeLink token={token} />
          ) : (
            <Alert color="yellow" role="alert">
              <WithSettingsLink i18nKey="unsubscribe.missingToken" />
            </Alert>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

function UnsubscribeLink({ token }: { token: string }) {
  const { t } = useTranslation(NAMESPACE);
  const link = useQuery(unsubscribeQueries.describe(token));

  if (link.isPending)
    return (
      <Group gap="sm" justify="center" role="status">
        <Loader size="sm" />
        <Text>{t('unsubscribe.loading')}</Text>
      </Group>
    );
  if (link.isError) {
    // An altered or expired link (400) or a deleted account (404) stays that way; a rate limit or the network passes.
    const lasting = link.error instanceof ApiError && [400, 404].includes(link.error.status);
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {link.error.message || t('unsubscribe.failed')}
        </Alert>
        {lasting ? (
          <Text>
            <WithSettingsLink i18nKey="unsubscribe.toSettings" />
          </Text>
        ) : (
          <Group>
            <Button variant="default" onClick={() => void link.refetch()} loading={link.isFetching}>
              {t('unsubscribe.retry')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return <UnsubscribeQuestion token={token} link={link.data} />;
}

function UnsubscribeQuestion({ token, link }: { token: string; link: Schema<'Unsubscribe'> }) {
  const { t } = useTranslation(NAMESPACE);
  const unsubscribe = useUnsubscribe(token);
  const kind = t(`kinds.${link.kind}.about`);
  const step = unsubscribe.isSuccess ? 'done' : link.unsubscribed ? 'already' : 'ask';
  // The button goes away once it has worked: focus moves to the outcome rather than falling to the page.
  const holder = useStepFocus<HTMLDivElement>(step);

  return (
    <Stack gap="md" ref={holder} tabIndex={-1} style={{ outline: 'none' }}>
      {step === 'done' && (
        <Alert color="green" role="status">
          <WithSettingsLink i18nKey="unsubscribe.done" values={{ kind }} />
        </Alert>
      )}
      {step === 'already' && (
        <Text role="status">
          <WithSettingsLink i18nKey="unsubscribe.already" values={{ kind, email: link.email }} />
        </Text>
      )}
      {step === 'ask' && (
        <>
          <Stack gap={4}>
            <Text fw={600}>{t('unsubscribe.ask', { kind, email: link.email })}</Text>
            <Text size="sm" c="dimmed">
              {t('unsubscribe.askHint')}
            </Text>
          </Stack>
          {unsubscribe.isError && (
            <Alert color="red" role="alert">
              {unsubscribe.error.message || t('unsubscribe.failed')}
            </Alert>
          )}
          <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending} fullWidth>
            {t('unsubscribe.submit')}
          </Button>
          <Text size="sm" ta="center">
            <WithSettingsLink i18nKey="unsubscribe.toSettings" />
          </Text>
        </>
      )}
    </Stack>
  );
}
