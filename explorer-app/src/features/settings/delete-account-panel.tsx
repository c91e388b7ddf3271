import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { settingsApi } from './settings-api.ts';

export const DELETE_PHRASE = 'DELETE_MY_ACCOUNT';

/** The destructive button wakes only with a password and the exact phrase (explorer-and-visitor.md section 4). */
export function DeleteAccountPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clearSession = useAuthStore((state) => state.clearSession);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  // Leave the guarded page first: clearing the session while on it would send the guard to Access Denied.
  const goHome = useCallback(() => {
    void navigate({ to: '/' }).then(clearSession);
  }, [clearSession, navigate]);
  useRedirectAfter(deleted, REDIRECT_DELAY_MS, goHome);

  async function onDelete() {
    if (!password) return setError(t('settings.delete.passwordRequired'));
    if (phrase !== DELETE_PHRASE) return setError(t('settings.delete.phraseRequired'));
    setError(null);
    setBusy(true);
    try {
      await settingsApi.deleteAccount(password);
      setDeleted(true);
    } catch {
      // explorer-and-visitor.md section 8 gives this screen one message for any failed deletion.
      setError(t('settings.delete.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Stack gap="sm">
        <Title order={3} size="h4" c="red.8">
          {t('settings.delete.title')}
        </Title>
        <Text size="sm">{t('settings.delete.warning')}</Text>
        {deleted ? (
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
          <Stack gap="sm">
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput
              label={t('settings.delete.password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            />
            <TextInput
              label={t('settings.delete.phrase', { phrase: DELETE_PHRASE })}
              value={phrase}
              onChange={(event) => setPhrase(event.currentTarget.value)}
              autoComplete="off"
            />
            <Group gap="xs">
              <Button
                color="red"
                onClick={onDelete}
                loading={busy}
                disabled={!password || phrase !== DELETE_PHRASE}
              >
                {t('settings.delete.confirm')}
              </Button>
              <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
