import { PROFILE_LIMITS } from '@cityquest/contract';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '../../lib/auth-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const navigate = useNavigate();
  const requestPasswordReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : t('signup.emailRequired')) },
  });
  const goReset = useCallback(
    () => void navigate({ to: '/reset-password', search: { email: sentTo ?? '' } }),
    [navigate, sentTo],
  );
  useRedirectAfter(sentTo !== null, REDIRECT_DELAY_MS, goReset);

  async function onSubmit(values: { email: string }) {
    setError(null);
    try {
      await requestPasswordReset.mutateAsync(values.email.trim());
      setSentTo(values.email.trim());
    } catch (failure) {
      setError(placeErrors(form, failure, ''));
    }
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {sentTo && (
        <Alert color="green" role="status">
          {t('forgot.success')}
        </Alert>
      )}
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('signup.email')}
            type="email"
            autoComplete="email"
            required
            maxLength={PROFILE_LIMITS.email}
            {...form.getInputProps('email')}
          />
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" loading={requestPasswordReset.isPending} disabled={sentTo !== null} fullWidth>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          {t('forgot.backToLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
