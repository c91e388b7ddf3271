import { PASSWORD_LIMITS } from '@cityquest/contract';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Button, Group, List, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword, useUser } from '../../lib/auth-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

export function ChangePasswordPage() {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const user = useUser();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : t('changePassword.currentRequired')),
      newPassword: (value, values) => {
        if (!value) return t('changePassword.newRequired');
        if (value.length < PASSWORD_LIMITS.min)
          return t('login.passwordTooShort', { min: PASSWORD_LIMITS.min });
        return value === values.currentPassword ? t('changePassword.mustDiffer') : null;
      },
      confirmNewPassword: (value, values) => {
        if (!value) return t('changePassword.confirmRequired');
        return value === values.newPassword ? null : t('signup.passwordsMismatch');
      },
    },
  });
  const goSettings = useCallback(() => void navigate({ to: '/settings' }), [navigate]);
  useRedirectAfter(done, REDIRECT_DELAY_MS, goSettings);

  async function onSubmit(values: typeof form.values) {
    setError(null);
    try {
      await changePassword.mutateAsync(values);
      setDone(true);
    } catch (failure) {
      setError(placeErrors(form, failure, ''));
    }
  }

  if (done) {
    return (
      <AuthCard title={t('translation:changePassword.title')}>
        <Stack align="center" gap="sm" role="status">
          <ThemeIcon size={64} radius="xl" color="green" variant="light">
            <IconCircleCheck size={40} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('changePassword.success')}
          </Title>
          <Text c="dimmed">{t('changePassword.redirecting')}</Text>
        </Stack>
      </AuthCard>
    );
  }

  const toggle = { 'aria-label': t('translation:common.togglePassword') };
  return (
    <AuthCard title={t('translation:changePassword.title')} subtitle={t('changePassword.subtitle')}>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('changePassword.current')}
            maxLength={PASSWORD_LIMITS.max}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('changePassword.new')}
            maxLength={PASSWORD_LIMITS.max}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('newPassword')}
          />
          <PasswordStrengthMeter
            password={form.values.newPassword}
            owner={{ username: user?.username, email: user?.email, fullName: user?.fullName }}
          />
          <PasswordInput
            label={t('changePassword.confirm')}
            maxLength={PASSWORD_LIMITS.max}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('confirmNewPassword')}
          />
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          {/* Static advice, not an announcement: a note rather than Mantine's default alert role. */}
          <Alert color="blue" title={t('changePassword.tipsTitle')} role="note">
            <List size="sm" spacing={4}>
              <List.Item>{t('changePassword.tip1', { min: PASSWORD_LIMITS.min })}</List.Item>
              <List.Item>{t('changePassword.tip2')}</List.Item>
              <List.Item>{t('changePassword.tip3')}</List.Item>
            </List>
          </Alert>
          <Group justify="space-between">
            <Button component={Link} to="/settings" variant="subtle">
              {t('changePassword.backToSettings')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={() => navigate({ to: '/settings' })}>
                {t('translation:common.cancel')}
              </Button>
              <Button type="submit" loading={changePassword.isPending}>
                {t('changePassword.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
