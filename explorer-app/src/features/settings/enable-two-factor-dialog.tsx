import { TWO_FACTOR_LIMITS } from '@cityquest/contract';
import { RecoveryCodesPanel, type SecondFactorFormLabels, TwoFactorSetupPanel } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnableTwoFactor, useStartTwoFactorSetup } from './two-factor-api.ts';
import {
  CurrentPasswordInput,
  TWO_FACTOR_NAMESPACES,
  TwoFactorDialog,
  type TwoFactorDialogProps,
  useRecoveryLabels,
} from './two-factor-dialog.tsx';

/** Where a refused code goes: a wrong code (400) under the field, anything else (409, 429, offline) above it. */
function codeFailure(error: unknown, fallback: string): { field: string | null; alert: string | null } {
  const message = (error instanceof Error && error.message) || fallback;
  if (error instanceof ApiError && error.status === 400)
    return {
      field: error.fieldErrors.find((problem) => problem.field === 'code')?.message ?? message,
      alert: null,
    };
  return { field: null, alert: message };
}

function useCodeFailure() {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
  const [failure, setFailure] = useState<{ field: string | null; alert: string | null }>({
    field: null,
    alert: null,
  });
  return {
    ...failure,
    clear: () => setFailure({ field: null, alert: null }),
    show: (error: unknown) => setFailure(codeFailure(error, t('twoFactor.failed'))),
  };
}

function useCodeLabels(submit: string, hint?: string): SecondFactorFormLabels {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
  return {
    code: t('twoFactor.code'),
    hint: hint ?? t('twoFactor.codeHint'),
    required: t('twoFactor.codeRequired'),
    submit,
    cancel: t('translation:common.cancel'),
  };
}

/**
 * Enrolment: the current password when the sign-in is older than 5 minutes, the new key, its first code, then the
 * recovery codes.
 */
export function EnableTwoFactorDialog({ opened, onClose, onDone }: TwoFactorDialogProps) {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const failure = useCodeFailure();
  const codeLabels = useCodeLabels(t('twoFactor.setup.submit'), t('twoFactor.setup.codeHint'));
  const recoveryLabels = useRecoveryLabels();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ initialValues: { password: '' } });
  const codes = enable.data?.recoveryCodes;
  const step = codes ? 'codes' : setup.data ? 'setup' : 'start';

  function start({ password }: typeof form.values) {
    setAlert(null);
    setup.mutate(password, {
      // The password has done its work: it is not kept while the key is on screen.
      onSuccess: () => form.reset(),
      onError: (error) => setAlert(placeErrors(form, error, t('twoFactor.failed'))),
    });
  }

  function confirm(code: string) {
    failure.clear();
    enable.mutate(code, { onError: failure.show });
  }

  return (
    <TwoFactorDialog
      opened={opened}
      title={codes ? t('twoFactor.codes.title') : t('twoFactor.setup.title')}
      step={step}
      showingCodes={Boolean(codes)}
      onClose={onClose}
      onExited={() => {
        // Neither the password nor the new secret is kept once the dialog is gone.
        form.reset();
        setAlert(null);
        setup.reset();
        enable.reset();
        failure.clear();
      }}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} labels={recoveryLabels} onDone={onDone} />
      ) : setup.data ? (
        <TwoFactorSetupPanel
          setup={setup.data}
          labels={{
            scan: t('twoFactor.setup.scan'),
            qrAlt: t('twoFactor.setup.qrAlt'),
            typeKey: t('twoFactor.setup.typeKey'),
            copy: t('twoFactor.setup.copy'),
            copied: t('twoFactor.setup.copied'),
            confirmIntro: t('twoFactor.setup.confirmIntro'),
            form: codeLabels,
          }}
          onConfirm={confirm}
          onCancel={onClose}
          confirming={enable.isPending}
          error={failure.field}
          alert={failure.alert}
          maxLength={TWO_FACTOR_LIMITS.code}
        />
      ) : (
        <form onSubmit={form.onSubmit(start)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('twoFactor.setup.intro')}</Text>
            {alert && (
              <Alert color="red" role="alert" title={t('twoFactor.setup.startFailed')}>
                {alert}
              </Alert>
            )}
            <CurrentPasswordInput autoFocusHere inputProps={form.getInputProps('password')} />
            <Group justify="space-between" wrap="wrap-reverse">
              <Button variant="subtle" onClick={onClose} disabled={setup.isPending}>
                {t('translation:common.cancel')}
              </Button>
              <Button type="submit" loading={setup.isPending}>
                {t('twoFactor.setup.start')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </TwoFactorDialog>
  );
}
