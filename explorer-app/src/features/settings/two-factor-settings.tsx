import { Alert, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog.tsx';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog.tsx';
import { RegenerateCodesDialog } from './regenerate-codes-dialog.tsx';
import { twoFactorQueries } from './two-factor-api.ts';
import { TWO_FACTOR_NAMESPACES } from './two-factor-dialog.tsx';
import { useNotice } from './use-notice.tsx';

/**
 * The Security tab's two-factor sign-in: the switch shows what the server says and changes it only through the
 * dialogs (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
 */
export function TwoFactorSettings() {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
  const status = useQuery(twoFactorQueries.status());
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'regenerate' | null>(null);
  const { setNotice, view } = useNotice();

  if (status.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('twoFactor.loading')}</Text>
      </Group>
    );

  // A failed read again after a good one keeps showing the good one.
  if (!status.data)
    return (
      <Alert color="red" role="alert" title={t('twoFactor.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{status.error?.message || t('twoFactor.failed')}</Text>
          <Button
            variant="light"
            color="red"
            loading={status.isFetching}
            onClick={() => void status.refetch()}
          >
            {t('translation:common.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );

  const { enabled, required, recoveryCodesLeft } = status.data;
  // Admins on a server that requires it keep it on; the server refuses to turn it off too (403).
  const locked = enabled && required;
  const close = () => setDialog(null);
  const done = (text: string) => () => {
    setDialog(null);
    setNotice({ tone: 'green', text });
  };

  const onToggle = () => setDialog(enabled ? 'disable' : 'enable');

  return (
    <Stack gap="md">
      {view}
      <Switch
        label={t('twoFactor.label')}
        // Mantine's label element holds the description too: named alone, it is not read twice.
        aria-label={t('twoFactor.label')}
        description={
          locked ? t('twoFactor.requiredOn') : `${t('twoFactor.hint')} ${t('twoFactor.signsOutOthers')}`
        }
        checked={enabled}
        disabled={locked}
        onChange={onToggle}
      />
      {required && !enabled && (
        <Alert color="yellow" variant="light">
          {t('twoFactor.requiredOff')}
        </Alert>
      )}
      {enabled && (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('twoFactor.codesLeft', { count: recoveryCodesLeft })}</Text>
          <Button variant="default" onClick={() => setDialog('regenerate')}>
            {t('twoFactor.regenerate')}
          </Button>
        </Group>
      )}
      <EnableTwoFactorDialog
        opened={dialog === 'enable'}
        onClose={close}
        onDone={done(t('twoFactor.turnedOn'))}
      />
      <DisableTwoFactorDialog
        opened={dialog === 'disable'}
        onClose={close}
        onDone={done(t('twoFactor.turnedOff'))}
      />
      <RegenerateCodesDialog
        opened={dialog === 'regenerate'}
        onClose={close}
        onDone={done(t('twoFactor.regenerated'))}
      />
    </Stack>
  );
}
