import { PASSWORD_LIMITS, PROFILE_LIMITS, type Schema, TWO_FACTOR_LIMITS } from '@cityquest/contract';
import { SecondFactorForm, withModals } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompleteTwoFactor, useLogin } from '../../lib/auth-api.ts';
import { useStepFocus } from '../../lib/use-step-focus.ts';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';
import { AuthCard } from './auth-card.tsx';
import { classifyLoginError } from './login-errors.ts';
import { OAuthButtons } from './oauth-buttons.tsx';

export function LoginPage() {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const navigate = useNavigate();
  // Where a visitor was before signing in (a quest's page, Explore): docs/product-rules/quests.md#visitors
  const { redirect } = useSearch({ from: '/login' });
  const login = useLogin();
  const completeTwoFactor = useCompleteTwoFactor();
  // Set when the password was right and the account asks for a code, the page's own step (a later visit starts
  // at the password): docs/product-rules/accounts-and-security.md#two-factor-sign-in
  const [challenge, setChallenge] = useState<Schema<'TwoFactorChallenge'> | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeAlert, setCodeAlert] = useState<string | null>(null);
  const steps = useStepFocus<HTMLDivElement>(challenge ? 'code' : 'password');
  const form = useForm({
    initialValues: { identifier: '', password: '', remember: false },
    validate: {
      identifier: (value) => (value.trim() ? null : t('login.identifierRequired')),
      password: (value) => {
        if (!value) return t('login.passwordRequired');
        return value.length < PASSWORD_LIMITS.min
          ? t('login.passwordTooShort', { min: PASSWORD_LIMITS.min })
          : null;
      },
    },
  });

  /** The refusals the explorer can act on (docs/product-rules/messages.md#sign-in-dialogs): each dialog offers the way on. */
  function openDialog(kind: 'invalid-credentials' | 'not-verified', identifier: string) {
    const common = { centered: true, closeButtonProps: { 'aria-label': t('translation:common.close') } };
    void withModals((modals) => {
      if (kind === 'invalid-credentials')
        modals.openConfirmModal({
          ...common,
          title: t('login.invalidTitle'),
          children: <Text>{t('login.invalidMessage')}</Text>,
          labels: { cancel: t('login.forgotQuestion'), confirm: t('login.tryAgain') },
          onCancel: () => void navigate({ to: '/forgot-password' }),
        });
      else
        modals.openConfirmModal({
          ...common,
          title: t('login.verifyTitle'),
          children: <Text>{t('login.verifyMessage')}</Text>,
          labels: { cancel: t('translation:common.cancel'), confirm: t('login.verifyEmail') },
          onConfirm: () =>
            void navigate({
              to: '/verify-email',
              search: { ...(identifier.includes('@') ? { email: identifier } : {}), redirect },
            }),
        });
    });
  }

  const signedIn = () => navigate({ href: redirect ?? '/' });

  async function onSubmit(values: typeof form.values) {
    setInlineError(null);
    try {
      const result = await login.mutateAsync({ identifier: values.identifier, password: values.password });
      if (result.user) return await signedIn();
      // The code step: the password has done its work and is not kept for a second sign-in.
      setChallenge(result.challenge);
      setCodeError(null);
      setCodeAlert(null);
      form.setFieldValue('password', '');
    } catch (error) {
      const kind = classifyLoginError(error);
      if (kind !== 'other') return openDialog(kind, values.identifier.trim());
      // The identifier is sent as `email` or `username`; the server names the field it was sent as.
      const onFields = error instanceof ApiError ? error.fieldErrors : [];
      const field = (name: string) => (name === 'email' || name === 'username' ? 'identifier' : name);
      const placed = onFields.filter((problem) => field(problem.field) in values);
      if (placed.length > 0)
        form.setErrors(Object.fromEntries(placed.map((problem) => [field(problem.field), problem.message])));
      if (placed.length === 0 || placed.length < onFields.length)
        setInlineError((error instanceof Error && error.message) || t('login.failed'));
    }
  }

  async function onCode(code: string) {
    setCodeError(null);
    setCodeAlert(null);
    try {
      if (!challenge) return;
      await completeTwoFactor.mutateAsync({ challenge, code });
      await signedIn();
    } catch (error) {
      const message = (error instanceof Error && error.message) || t('login.failed');
      const status = error instanceof ApiError ? error.status : 0;
      // An expired challenge is gone: the sign-in starts again from the password.
      if (status === 401) {
        setChallenge(null);
        setInlineError(message);
      } else if (status === 400 && error instanceof ApiError)
        setCodeError(error.fieldErrors.find((problem) => problem.field === 'code')?.message ?? message);
      else setCodeAlert(message);
    }
  }

  function backToPassword() {
    setInlineError(null);
    setChallenge(null);
  }

  const codeStep = (
    <SecondFactorForm
      labels={{
        code: t('login.twoFactor.code'),
        hint: t('login.twoFactor.hint'),
        required: t('login.twoFactor.required'),
        submit: t('login.twoFactor.submit'),
        cancel: t('login.twoFactor.back'),
      }}
      onSubmit={(code) => void onCode(code)}
      onCancel={backToPassword}
      submitting={completeTwoFactor.isPending}
      error={codeError}
      alert={codeAlert}
      maxLength={TWO_FACTOR_LIMITS.code}
    />
  );

  const passwordStep = (
    <>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          {inlineError && (
            <Alert color="red" role="alert">
              {inlineError}
            </Alert>
          )}
          <TextInput
            label={t('login.identifier')}
            autoComplete="username"
            required
            maxLength={PROFILE_LIMITS.email}
            {...form.getInputProps('identifier')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_LIMITS.max}
            visibilityToggleButtonProps={{ 'aria-label': t('translation:common.togglePassword') }}
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox label={t('login.remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <OAuthButtons noteKey="login.oauthUnavailable" />
      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor renderRoot={(props) => <Link {...props} to="/signup" search={{ redirect }} />}>
          {t('translation:nav.signUp')}
        </Anchor>
      </Text>
    </>
  );

  return (
    <AuthCard
      title={challenge ? t('login.twoFactor.title') : t('login.title')}
      subtitle={challenge ? t('login.twoFactor.subtitle') : t('login.subtitle')}
    >
      <Stack gap="lg" ref={steps}>
        {challenge ? codeStep : passwordStep}
      </Stack>
    </AuthCard>
  );
}
