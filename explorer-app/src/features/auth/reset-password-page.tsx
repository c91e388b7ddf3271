import { PASSWORD_LIMITS, PROFILE_LIMITS } from '@cityquest/contract';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../../lib/auth-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { email?: string };
  const resetPassword = useResetPassword();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: search.email ?? '', resetCode: '', newPassword: '', confirmPassword: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('signup.emailRequired')),
      resetCode: (value) => (value.trim() ? null : t('reset.codeRequired')),
      newPassword: (value) =>
        value.length >= PASSWORD_LIMITS.min
          ? null
          : t('signup.passwordTooShort', { min: PASSWORD_LIMITS.min }),
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : t('signup.passwordsMismatch'),
    },
  });
  const goLogin = useCallback(() => void navigate({ to: '/login' }), [navigate]);
  useRedirectAfter(done, REDIRECT_DELAY_MS, goLogin);

  async function onSubmit(values: typeof form.values) {
    setError(null);
    try {
      await resetPassword.mutateAsync({
        ...values,
        email: values.email.trim(),
        resetCode: values.resetCode.trim(),
      });
      setDone(true);
    } catch (failure) {
      setError(placeErrors(form, failure, ''));
    }
  }

  const toggle = { 'aria-label': t('translation:common.togglePassword') };
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {done && (
        <Alert color="green" role="status">
          {t('reset.success')}
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
          <TextInput
            label={t('reset.code')}
            description={t('reset.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PASSWORD_LIMITS.resetCode}
            required
            {...form.getInputProps('resetCode')}
          />
          <PasswordInput
            label={t('reset.newPassword')}
            maxLength={PASSWORD_LIMITS.max}
            description={t('reset.hint', { min: PASSWORD_LIMITS.min })}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('newPassword')}
          />
          <PasswordStrengthMeter password={form.values.newPassword} owner={{ email: form.values.email }} />
          <PasswordInput
            label={t('reset.confirmPassword')}
            maxLength={PASSWORD_LIMITS.max}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('confirmPassword')}
          />
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" loading={resetPassword.isPending} disabled={done} fullWidth>
            {t('reset.submit')}
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
