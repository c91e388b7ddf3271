import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactor } from './two-factor-api.ts';
import {
  SecondFactorCodeInput,
  TWO_FACTOR_NAMESPACES,
  TwoFactorDialog,
  type TwoFactorDialogProps,
} from './two-factor-dialog.tsx';

/** Turning it off asks for the password and a code (authenticator or recovery), each refusal under its field. */
export function DisableTwoFactorDialog({ opened, onClose, onDone }: TwoFactorDialogProps) {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
  const disable = useDisableTwoFactor();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: {
      password: (value) => (value ? null : t('twoFactor.disable.passwordRequired')),
      code: (value) => (value.trim() ? null : t('twoFactor.codeRequired')),
    },
  });

  function submit({ password, code }: typeof form.values) {
    setAlert(null);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: onDone,
        onError: (error) => setAlert(placeErrors(form, error, t('twoFactor.failed'))),
      },
    );
  }

  return (
    <TwoFactorDialog
      opened={opened}
      title={t('twoFactor.disable.title')}
      step="form"
      showingCodes={false}
      onClose={onClose}
      onExited={() => {
        form.reset();
        setAlert(null);
        disable.reset();
      }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.disable.intro')}</Text>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <PasswordInput
            label={t('twoFactor.disable.password')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('translation:common.togglePassword') }}
            data-autofocus
            {...form.getInputProps('password')}
          />
          <SecondFactorCodeInput inputProps={form.getInputProps('code')} />
          <Group justify="space-between" wrap="wrap-reverse">
            <Button variant="subtle" onClick={onClose} disabled={disable.isPending}>
              {t('translation:common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('twoFactor.disable.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </TwoFactorDialog>
  );
}
