import { RecoveryCodesPanel } from '@cityquest/shared-ui';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegenerateRecoveryCodes } from './two-factor-api.ts';
import {
  CurrentPasswordInput,
  SecondFactorCodeInput,
  TWO_FACTOR_NAMESPACES,
  TwoFactorDialog,
  type TwoFactorDialogProps,
  useRecoveryLabels,
} from './two-factor-dialog.tsx';

/**
 * New recovery codes, with a code and, when the sign-in is older than 5 minutes, the current password; the earlier
 * codes stop working. Each refusal shows under its field.
 */
export function RegenerateCodesDialog({ opened, onClose, onDone }: TwoFactorDialogProps) {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
  const regenerate = useRegenerateRecoveryCodes();
  const recoveryLabels = useRecoveryLabels();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '', password: '' },
    validate: { code: (value) => (value.trim() ? null : t('twoFactor.codeRequired')) },
  });
  const codes = regenerate.data?.recoveryCodes;

  function submit({ code, password }: typeof form.values) {
    setAlert(null);
    regenerate.mutate(
      { code: code.trim(), password },
      {
        onSuccess: () => form.reset(),
        onError: (error) => setAlert(placeErrors(form, error, t('twoFactor.failed'))),
      },
    );
  }

  return (
    <TwoFactorDialog
      opened={opened}
      title={codes ? t('twoFactor.codes.title') : t('twoFactor.regenerateDialog.title')}
      step={codes ? 'codes' : 'form'}
      showingCodes={Boolean(codes)}
      onClose={onClose}
      onExited={() => {
        form.reset();
        setAlert(null);
        regenerate.reset();
      }}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} labels={recoveryLabels} onDone={onDone} />
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('twoFactor.regenerateDialog.intro')}</Text>
            {alert && (
              <Alert color="red" role="alert">
                {alert}
              </Alert>
            )}
            <SecondFactorCodeInput autoFocusHere inputProps={form.getInputProps('code')} />
            <CurrentPasswordInput inputProps={form.getInputProps('password')} />
            <Group justify="space-between" wrap="wrap-reverse">
              <Button variant="subtle" onClick={onClose} disabled={regenerate.isPending}>
                {t('translation:common.cancel')}
              </Button>
              <Button type="submit" loading={regenerate.isPending}>
                {t('twoFactor.regenerateDialog.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </TwoFactorDialog>
  );
}
