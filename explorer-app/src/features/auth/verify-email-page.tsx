import { PROFILE_LIMITS } from '@cityquest/contract';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registrationEmail, useResendVerificationCode, useVerifyEmail } from '../../lib/auth-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';
import { AuthCard } from './auth-card.tsx';
import { CODE_LENGTH, CodeBoxes } from './code-boxes.tsx';

const RESEND_NOTICE_MS = 3000;

export function VerifyEmailPage() {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const navigate = useNavigate();
  const search = useSearch({ from: '/verify-email' });
  const [registeredEmail] = useState(registrationEmail.read);
  const verifyEmail = useVerifyEmail();
  const resendVerificationCode = useResendVerificationCode();
  // docs/product-rules/explorer-screens.md#sign-in-and-sign-up-screens: from registration state (kept in local storage too), else ?email=.
  const knownEmail = registeredEmail ?? search.email ?? '';
  // A sign-in by username that needs verification arrives without one; the user types it then.
  const form = useForm({ initialValues: { email: '', verificationCode: ['', '', '', ''] } });
  const email = (knownEmail || form.values.email).trim();
  const digits = form.values.verificationCode;
  const [verified, setVerified] = useState(false);
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Verification signs the user in; a visitor who came from a quest or Explore goes back there
  // (docs/product-rules/quests.md#visitors).
  const { redirect } = search;
  const goOn = useCallback(() => void navigate({ href: redirect ?? '/' }), [navigate, redirect]);
  useRedirectAfter(verified, REDIRECT_DELAY_MS, goOn);
  useRedirectAfter(resent, RESEND_NOTICE_MS, () => setResent(false));

  // A problem with an email the user did not type (the known one) shows above, not on a hidden field.
  const fields = knownEmail ? { values: { verificationCode: digits }, setErrors: form.setErrors } : form;
  const complete = digits.every((digit) => /^\d$/.test(digit)) && digits.length === CODE_LENGTH;

  async function onSubmit() {
    if (!complete || !email) return;
    setError(null);
    try {
      await verifyEmail.mutateAsync({ email, verificationCode: digits.join('') });
      registrationEmail.write(null);
      setVerified(true);
    } catch (failure) {
      setError(placeErrors(fields, failure, ''));
    }
  }

  async function onResend() {
    if (!email) return;
    setError(null);
    try {
      await resendVerificationCode.mutateAsync(email);
      setResent(true);
    } catch (failure) {
      setError(placeErrors(fields, failure, ''));
    }
  }

  return (
    <AuthCard
      title={t('verify.title')}
      subtitle={knownEmail ? t('verify.subtitle', { email: knownEmail }) : t('verify.noEmail')}
    >
      {verified && (
        <Alert color="green" role="status">
          {redirect ? t('verify.successReturning') : t('verify.success')}
        </Alert>
      )}
      {resent && (
        <Alert color="teal" role="status">
          {t('verify.resent')}
        </Alert>
      )}
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="lg">
          {!knownEmail && (
            <TextInput
              label={t('signup.email')}
              type="email"
              autoComplete="email"
              required
              maxLength={PROFILE_LIMITS.email}
              {...form.getInputProps('email')}
            />
          )}
          <CodeBoxes
            value={digits}
            onChange={(next) => form.setFieldValue('verificationCode', next)}
            disabled={verified}
          />
          {form.errors.verificationCode && !verified && (
            <Text c="red" ta="center">
              {form.errors.verificationCode}
            </Text>
          )}
          {error && !verified && (
            <Text c="red" ta="center" role="alert">
              {error}
            </Text>
          )}
          <Button
            type="submit"
            disabled={!complete || !email || verified}
            loading={verifyEmail.isPending}
            fullWidth
          >
            {t('verify.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('verify.noCode')}{' '}
        <Anchor
          component="button"
          type="button"
          onClick={onResend}
          disabled={!email || resendVerificationCode.isPending}
        >
          {t('verify.resend')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
