import { PASSWORD_LIMITS, PROFILE_LIMITS } from '@cityquest/contract';
import { withModals } from '@cityquest/shared-ui';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { registrationEmail, useRegister } from '../../lib/auth-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';
import { AuthCard } from './auth-card.tsx';
import { ImageFileField } from './image-file-field.tsx';
import { isDuplicateAccountError } from './login-errors.ts';
import { OAuthButtons } from './oauth-buttons.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const MEGABYTE = 1024 * 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Values = {
  username: string;
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  avatar: File | null;
  coverImage: File | null;
  acceptTerms: boolean;
};

export function SignupPage() {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const navigate = useNavigate();
  // Carried through verification, which signs the visitor in: docs/product-rules/quests.md#visitors
  const { redirect } = useSearch({ from: '/signup' });
  const register = useRegister();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      username: '',
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      avatar: null,
      coverImage: null,
      acceptTerms: false,
    },
    validate: {
      username: (value) => (value.trim() ? null : t('signup.usernameRequired')),
      fullName: (value) => (value.trim() ? null : t('signup.fullNameRequired')),
      email: (value) => {
        if (!value.trim()) return t('signup.emailRequired');
        return EMAIL_PATTERN.test(value.trim()) ? null : t('signup.emailInvalid');
      },
      password: (value) =>
        value.length >= PASSWORD_LIMITS.min
          ? null
          : t('signup.passwordTooShort', { min: PASSWORD_LIMITS.min }),
      confirmPassword: (value, values) => (value === values.password ? null : t('signup.passwordsMismatch')),
      avatar: (value) => pictureProblem(value, PROFILE_LIMITS.avatarBytes, t('signup.avatarRequired')),
      coverImage: (value) => pictureProblem(value, PROFILE_LIMITS.coverImageBytes, t('signup.coverRequired')),
      acceptTerms: (value) => (value ? null : t('signup.termsRequired')),
    },
  });

  function pictureProblem(file: File | null, maxBytes: number, required: string) {
    if (!file) return required;
    return file.size > maxBytes ? t('signup.tooLarge', { mb: maxBytes / MEGABYTE }) : null;
  }

  const goVerify = useCallback(
    () => void navigate({ to: '/verify-email', search: { redirect } }),
    [navigate, redirect],
  );
  useRedirectAfter(done, REDIRECT_DELAY_MS, goVerify);

  function openDuplicateDialog() {
    void withModals((modals) =>
      modals.openConfirmModal({
        title: t('signup.duplicateTitle'),
        centered: true,
        closeButtonProps: { 'aria-label': t('translation:common.close') },
        children: <Text>{t('signup.duplicateMessage')}</Text>,
        labels: { cancel: t('signup.tryDifferent'), confirm: t('signup.goToLogin') },
        onConfirm: () => void navigate({ to: '/login', search: { redirect } }),
      }),
    );
  }

  async function onSubmit(values: Values) {
    setServerError(null);
    if (!values.avatar || !values.coverImage) return;
    try {
      const registered = await register.mutateAsync({
        username: values.username.trim(),
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        avatar: values.avatar,
        coverImage: values.coverImage,
      });
      registrationEmail.write(registered.email);
      setDone(true);
    } catch (error) {
      if (isDuplicateAccountError(error)) openDuplicateDialog();
      else setServerError(placeErrors(form, error, t('signup.failed')));
    }
  }

  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      {done && (
        <Alert color="green" role="status" aria-live="polite">
          {t('signup.success')}
        </Alert>
      )}
      {serverError && (
        <Alert color="red" role="alert">
          {serverError}
        </Alert>
      )}
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('signup.username')}
              maxLength={PROFILE_LIMITS.username}
              autoComplete="username"
              required
              {...form.getInputProps('username')}
            />
            <TextInput
              label={t('signup.fullName')}
              maxLength={PROFILE_LIMITS.fullName}
              autoComplete="name"
              required
              {...form.getInputProps('fullName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('signup.email')}
            maxLength={PROFILE_LIMITS.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('signup.password')}
            maxLength={PASSWORD_LIMITS.max}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('translation:common.togglePassword') }}
            {...form.getInputProps('password')}
          />
          <PasswordStrengthMeter
            password={form.values.password}
            owner={{
              username: form.values.username,
              email: form.values.email,
              fullName: form.values.fullName,
            }}
          />
          <PasswordInput
            label={t('signup.confirmPassword')}
            maxLength={PASSWORD_LIMITS.max}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('translation:common.togglePassword') }}
            {...form.getInputProps('confirmPassword')}
          />
          <ImageFileField
            label={t('signup.avatar')}
            description={t('signup.avatarHint', { mb: PROFILE_LIMITS.avatarBytes / MEGABYTE })}
            value={form.values.avatar}
            onChange={(file) => form.setFieldValue('avatar', file)}
            error={form.errors.avatar}
          />
          <ImageFileField
            label={t('signup.cover')}
            description={t('signup.coverHint', { mb: PROFILE_LIMITS.coverImageBytes / MEGABYTE })}
            value={form.values.coverImage}
            onChange={(file) => form.setFieldValue('coverImage', file)}
            error={form.errors.coverImage}
          />
          <Checkbox
            label={
              <Trans
                ns="account"
                i18nKey="signup.terms"
                components={{
                  terms: <Anchor component={Link} to="/terms" />,
                  privacy: <Anchor component={Link} to="/privacy" />,
                }}
              />
            }
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Button type="submit" loading={register.isPending} disabled={done} fullWidth>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
      <OAuthButtons noteKey="signup.oauthUnavailable" />
      <Text size="sm" ta="center">
        {t('signup.haveAccount')}{' '}
        <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>
          {t('translation:nav.login')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
