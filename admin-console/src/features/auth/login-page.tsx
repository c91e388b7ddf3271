import {
  isAdminRole,
  PASSWORD_LIMITS,
  PROFILE_LIMITS,
  type Schema,
  TWO_FACTOR_LIMITS,
} from '@cityquest/contract';
import { Logo, SecondFactorForm } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from '../../lib/admin-access.ts';
import { useCompleteTwoFactor, useLogin } from '../../lib/auth-api.ts';
import { getConfig } from '../../lib/config.ts';

/** Where the fields of POST /users/login are typed. */
const FORM_FIELDS: Partial<Record<string, 'identifier' | 'password'>> = {
  email: 'identifier',
  username: 'identifier',
  password: 'password',
};

/** The console's own sign-in (its origin keeps its own session), with the code step of two-factor sign-in. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const login = useLogin();
  const completeTwoFactor = useCompleteTwoFactor();
  // The step is the page's own, so a finished sign-in keeps showing the code step while the console opens.
  const [step, setStep] = useState<'password' | 'code'>('password');
  // What the password step answered when the account asks for a code; the code step sends it back.
  const [challenge, setChallenge] = useState<Schema<'TwoFactorChallenge'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const returned = useRef(false);
  const form = useForm({
    initialValues: { identifier: '', password: '' },
    validate: {
      identifier: (value) => (value.trim() ? null : t('login.identifierRequired')),
      password: (value) => (value ? null : t('login.passwordRequired')),
    },
  });

  async function enter(user: Schema<'User'>) {
    if (!isAdminRole(user.role)) {
      await navigate({ to: '/access-denied' });
      return;
    }
    // An admin who still has to turn on two-factor sign-in is sent on to it by the admin guard.
    await navigate({ href: safeRedirect(redirect) ?? '/admin/dashboard' });
  }

  async function onSubmit(values: typeof form.values) {
    setError(null);
    try {
      const result = await login.mutateAsync({ identifier: values.identifier, password: values.password });
      // No user yet: the password was right and the account asks for a code.
      if (result.user) await enter(result.user);
      else {
        setChallenge(result.challenge);
        setStep('code');
      }
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        setError(t('login.failed'));
        return;
      }
      // A 400 names its fields (email or username is the identifier box); the alert is for the rest.
      const onFields = failure.fieldErrors.flatMap(({ field, message }) => {
        const input = FORM_FIELDS[field];
        return input ? [[input, message] as const] : [];
      });
      if (onFields.length > 0) form.setErrors(Object.fromEntries(onFields));
      else setError(failure.message);
    }
  }

  /** Back at the password: the sign-in expired (with its message) or the admin chose to. */
  function backToPassword(message: string | null) {
    setError(message);
    returned.current = true;
    setChallenge(null);
    setStep('password');
  }

  useEffect(() => {
    if (step !== 'password' || !returned.current) return;
    returned.current = false;
    passwordInput.current?.focus();
  }, [step]);

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            <Logo size={48} withText={false} />
            <Title order={1} size="h2">
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </Stack>
          {step === 'code' && challenge ? (
            <CodeStep
              onSignedIn={enter}
              onExpired={backToPassword}
              onBack={() => backToPassword(null)}
              complete={(code) => completeTwoFactor.mutateAsync({ challenge, code })}
            />
          ) : (
            <>
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <form onSubmit={form.onSubmit(onSubmit)} noValidate>
                <Stack gap="md">
                  <TextInput
                    label={t('login.identifier')}
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    // An email or a username: the longer of the two the contract takes.
                    maxLength={Math.max(PROFILE_LIMITS.email, PROFILE_LIMITS.username)}
                    required
                    {...form.getInputProps('identifier')}
                  />
                  <PasswordInput
                    ref={passwordInput}
                    label={t('login.password')}
                    autoComplete="current-password"
                    maxLength={PASSWORD_LIMITS.max}
                    required
                    visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                    {...form.getInputProps('password')}
                  />
                  <Button type="submit" loading={login.isPending} fullWidth>
                    {t('login.submit')}
                  </Button>
                </Stack>
              </form>
            </>
          )}
          <Text size="sm" ta="center" c="dimmed">
            {t('login.explorerHint')}{' '}
            <Anchor href={getConfig().publicOrigin} size="sm" underline="always">
              {t('login.mainSite')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

type CodeStepProps = {
  complete: (code: string) => Promise<Schema<'User'>>;
  onSignedIn: (user: Schema<'User'>) => Promise<void>;
  onExpired: (message: string) => void;
  onBack: () => void;
};

/** The second step of a sign-in whose password was right: a code from the authenticator app or a recovery code. */
function CodeStep({ complete, onSignedIn, onExpired, onBack }: CodeStepProps) {
  const { t } = useTranslation();
  const section = useRef<HTMLDivElement>(null);
  const [verifying, setVerifying] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  // The code field takes the focus when the step appears, where the password field had it.
  useEffect(() => {
    section.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  async function onCode(code: string) {
    setCodeError(null);
    setAlert(null);
    setVerifying(true);
    try {
      await onSignedIn(await complete(code));
    } catch (failure) {
      if (!(failure instanceof ApiError)) setAlert(t('login.failed'));
      // A wrong code: the same sign-in takes another one.
      else if (failure.status === 400)
        setCodeError(failure.fieldErrors.find(({ field }) => field === 'code')?.message ?? failure.message);
      // The sign-in expired: it starts again from the password.
      else if (failure.status === 401) onExpired(failure.message);
      // 429 and the rest: not about this code.
      else setAlert(failure.message);
    } finally {
      setVerifying(false);
    }
  }

  return (
    <Stack component="section" ref={section} aria-labelledby="two-factor-step-title" gap="md">
      <Stack gap={4}>
        <Title order={2} size="h4" id="two-factor-step-title">
          {t('twoFactor.login.title')}
        </Title>
        <Text size="sm">{t('twoFactor.login.intro')}</Text>
      </Stack>
      <SecondFactorForm
        labels={{
          code: t('twoFactor.code'),
          hint: t('twoFactor.signInHint'),
          required: t('twoFactor.codeRequired'),
          submit: t('twoFactor.login.submit'),
          cancel: t('twoFactor.login.back'),
        }}
        onSubmit={onCode}
        onCancel={onBack}
        submitting={verifying}
        error={codeError}
        alert={alert}
        maxLength={TWO_FACTOR_LIMITS.code}
      />
    </Stack>
  );
}
