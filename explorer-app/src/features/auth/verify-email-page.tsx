import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { AuthCard } from './auth-card.tsx';
import { CODE_LENGTH, CodeBoxes } from './code-boxes.tsx';

const RESEND_NOTICE_MS = 3000;

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { email?: string };
  const registrationEmail = useAuthStore((state) => state.registrationEmail);
  const { verifyEmail, resendVerificationCode, loading, error, clearError } = useAuthStore();
  // explorer-and-visitor.md section 4: from registration state (kept in local storage too), else ?email=.
  const knownEmail = registrationEmail ?? search.email ?? '';
  // A sign-in by username that needs verification arrives without one; the user types it then.
  const [typedEmail, setTypedEmail] = useState('');
  const email = (knownEmail || typedEmail).trim();
  const [digits, setDigits] = useState<string[]>(['', '', '', '']);
  const [verified, setVerified] = useState(false);
  const [resent, setResent] = useState(false);

  const goHome = useCallback(() => void navigate({ to: '/' }), [navigate]);
  useRedirectAfter(verified, REDIRECT_DELAY_MS, goHome);
  useRedirectAfter(resent, RESEND_NOTICE_MS, () => setResent(false));

  const complete = digits.every((digit) => /^\d$/.test(digit)) && digits.length === CODE_LENGTH;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!complete || !email) return;
    try {
      await verifyEmail(email, digits.join(''));
      setVerified(true);
    } catch {
      // The store keeps the message; it shows below in red.
    }
  }

  async function onResend() {
    if (!email) return;
    clearError();
    try {
      await resendVerificationCode(email);
      setResent(true);
    } catch {
      // shown from the store
    }
  }

  return (
    <AuthCard
      title={t('verify.title')}
      subtitle={knownEmail ? t('verify.subtitle', { email: knownEmail }) : t('verify.noEmail')}
    >
      {verified && (
        <Alert color="green" role="status">
          {t('verify.success')}
        </Alert>
      )}
      {resent && (
        <Alert color="teal" role="status">
          {t('verify.resent')}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {!knownEmail && (
            <TextInput
              label={t('signup.email')}
              type="email"
              autoComplete="email"
              required
              value={typedEmail}
              onChange={(event) => setTypedEmail(event.currentTarget.value)}
            />
          )}
          <CodeBoxes value={digits} onChange={setDigits} disabled={verified} />
          {error && !verified && (
            <Text c="red" ta="center" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" disabled={!complete || !email || verified} loading={loading} fullWidth>
            {t('verify.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('verify.noCode')}{' '}
        <Anchor component="button" type="button" onClick={onResend} disabled={!email || loading}>
          {t('verify.resend')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
