import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndSession } from '../../lib/auth-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { DELETE_PHRASE, useDeleteAccount } from './settings-api.ts';
import { SETTINGS_NAMESPACES } from './settings-strings.ts';

/** The destructive button wakes only with a password and the exact phrase (docs/product-rules/accounts-and-security.md#account-deletion). */
export function DeleteAccountPanel() {
  const { t } = useTranslation(SETTINGS_NAMESPACES);
  const endSession = useEndSession();
  const deleteAccount = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmDeletion: '' },
    validate: {
      password: (value) => (value ? null : t('settings.delete.passwordRequired')),
      confirmDeletion: (value) => (value === DELETE_PHRASE ? null : t('settings.delete.phraseRequired')),
    },
  });
  // The session ends before anything loads, so home opens as a visitor's: the deleted account's token would
  // only earn 401s. The session's end goes home rather than to Access Denied.
  const goHome = useCallback(() => void endSession({ to: '/' }), [endSession]);
  useRedirectAfter(deleteAccount.isSuccess, REDIRECT_DELAY_MS, goHome);

  function onDelete({ password }: typeof form.values) {
    setError(null);
    deleteAccount.mutate(password, {
      // One message for any failed deletion the server does not pin on a field (its wording is the product's).
      onError: (failure) =>
        setError(placeErrors(form, failure, '') === null ? null : t('settings.delete.failed')),
    });
  }

  const ready = form.values.password !== '' && form.values.confirmDeletion === DELETE_PHRASE;
  return (
    <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Stack gap="sm">
        <Title order={3} size="h4" c="red.8">
          {t('settings.delete.title')}
        </Title>
        <Text size="sm">{t('settings.delete.warning')}</Text>
        {deleteAccount.isSuccess ? (
          <Alert color="green" role="status">
            {t('settings.delete.done')}
          </Alert>
        ) : !open ? (
          <Group>
            <Button color="red" variant="light" onClick={() => setOpen(true)}>
              {t('settings.delete.open')}
            </Button>
          </Group>
        ) : (
          <form onSubmit={form.onSubmit(onDelete)} noValidate>
            <Stack gap="sm">
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <PasswordInput
                label={t('settings.delete.password')}
                autoComplete="current-password"
                visibilityToggleButtonProps={{ 'aria-label': t('translation:common.togglePassword') }}
                {...form.getInputProps('password')}
              />
              <TextInput
                label={t('settings.delete.phrase', { phrase: DELETE_PHRASE })}
                autoComplete="off"
                {...form.getInputProps('confirmDeletion')}
              />
              <Group gap="xs">
                <Button type="submit" color="red" loading={deleteAccount.isPending} disabled={!ready}>
                  {t('settings.delete.confirm')}
                </Button>
                <Button variant="default" onClick={() => setOpen(false)} disabled={deleteAccount.isPending}>
                  {t('translation:common.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
