import { PASSWORD_LIMITS, TWO_FACTOR_LIMITS } from '@cityquest/contract';
import { Logo, RecoveryCodesPanel, TwoFactorSetupPanel } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TwoFactorSetup, useEnableTwoFactor, useStartTwoFactorSetup } from '../../api/two-factor-api.ts';
import { safeRedirect } from '../../lib/admin-access.ts';
import { useLogout } from '../../lib/auth-api.ts';

type Step = { name: 'start' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

/** The message of a failed call, or the fallback when it never reached the server. */
const messageOf = (failure: unknown, fallback: string) =>
  failure instanceof ApiError ? failure.message : fallback;

/**
 * /two-factor-setup: where an admin the server requires to use two-factor sign-in turns it on before any admin
 * screen (docs/product-rules/accounts-and-security.md#two-factor-sign-in): why, the new secret, its first code, then the
 * recovery codes, shown this once.
 */
export function TwoFactorSetupPage() {
  return <SetupFlow />;
}

function SetupFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/two-factor-setup' });
  const logout = useLogout();
  const startSetup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [step, setStep] = useState<Step>({ name: 'start' });
  const [alert, setAlert] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // The current password, needed when the sign-in is older than 5 minutes; it lives only in this form.
  const stepUp = useForm({ initialValues: { password: '' } });
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each new step is announced from its title; the first one keeps the page's natural start.
  useEffect(() => {
    if (step.name === 'start' && !moved.current) return;
    moved.current = true;
    stepTitle.current?.focus();
  }, [step.name]);

  const goOn = () => navigate({ href: safeRedirect(redirect) ?? '/admin/dashboard' });

  async function onStart({ password }: typeof stepUp.values) {
    setAlert(null);
    try {
      const setup = await startSetup.mutateAsync(password);
      stepUp.reset();
      setStep({ name: 'scan', setup });
    } catch (failure) {
      const onPassword =
        failure instanceof ApiError
          ? failure.fieldErrors.find(({ field }) => field === 'password')
          : undefined;
      // 409: it is on already (another tab finished first); the hook has read the status again.
      if (failure instanceof ApiError && failure.status === 409) await goOn();
      else if (onPassword) stepUp.setFieldError('password', onPassword.message);
      else setAlert(messageOf(failure, t('twoFactor.setup.failed')));
    }
  }

  async function onConfirm(code: string) {
    setAlert(null);
    setCodeError(null);
    try {
      const { recoveryCodes } = await enable.mutateAsync(code);
      setStep({ name: 'codes', codes: recoveryCodes });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        setCodeError(failure.fieldErrors.find(({ field }) => field === 'code')?.message ?? failure.message);
      } else if (failure instanceof ApiError && failure.status === 409) {
        await goOn();
      } else {
        setAlert(messageOf(failure, t('twoFactor.setup.failed')));
      }
    }
  }

  const titles = {
    start: 'twoFactor.setup.startTitle',
    scan: 'twoFactor.setup.scanTitle',
    codes: 'twoFactor.codes.title',
  } as const;

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={520}>
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            <Logo size={48} withText={false} />
            <Title order={1} size="h2">
              {t('twoFactor.setup.title')}
            </Title>
          </Stack>
          {step.name !== 'codes' && (
            <Stack gap="xs">
              <Text>{t('twoFactor.setup.why')}</Text>
              <Text size="sm" c="dimmed">
                {t('twoFactor.setup.how')}
              </Text>
            </Stack>
          )}
          <Stack component="section" aria-labelledby="two-factor-setup-step" gap="md">
            <Title order={2} size="h4" id="two-factor-setup-step" ref={stepTitle} tabIndex={-1}>
              {t(titles[step.name])}
            </Title>
            {step.name === 'start' && (
              <form onSubmit={stepUp.onSubmit(onStart)} noValidate>
                <Stack gap="md">
                  <Text>{t('twoFactor.setup.startText')}</Text>
                  <Text size="sm">{t('twoFactor.setup.signsOutOthers')}</Text>
                  {alert && (
                    <Alert color="red" variant="light" role="alert">
                      {alert}
                    </Alert>
                  )}
                  <PasswordInput
                    label={t('twoFactor.stepUp.password')}
                    description={t('twoFactor.stepUp.passwordHint')}
                    autoComplete="current-password"
                    maxLength={PASSWORD_LIMITS.max}
                    visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                    {...stepUp.getInputProps('password')}
                  />
                  <Button type="submit" loading={startSetup.isPending}>
                    {t('twoFactor.setup.start')}
                  </Button>
                </Stack>
              </form>
            )}
            {step.name === 'scan' && (
              <TwoFactorSetupPanel
                setup={step.setup}
                labels={{
                  scan: t('twoFactor.setup.scan'),
                  qrAlt: t('twoFactor.setup.qrAlt'),
                  typeKey: t('twoFactor.setup.typeKey'),
                  copy: t('twoFactor.setup.copyKey'),
                  copied: t('twoFactor.setup.copied'),
                  confirmIntro: t('twoFactor.setup.confirmIntro'),
                  form: {
                    code: t('twoFactor.code'),
                    // Recovery codes do not exist yet: only the app's code turns it on.
                    hint: t('twoFactor.setup.confirmHint'),
                    required: t('twoFactor.codeRequired'),
                    submit: t('twoFactor.setup.confirm'),
                    cancel: t('twoFactor.setup.back'),
                  },
                }}
                onConfirm={onConfirm}
                onCancel={() => {
                  setAlert(null);
                  setCodeError(null);
                  setStep({ name: 'start' });
                }}
                confirming={enable.isPending}
                error={codeError}
                alert={alert}
                maxLength={TWO_FACTOR_LIMITS.code}
              />
            )}
            {step.name === 'codes' && (
              <RecoveryCodesPanel
                codes={step.codes}
                labels={{
                  intro: t('twoFactor.codes.intro'),
                  listLabel: t('twoFactor.codes.listLabel'),
                  copy: t('twoFactor.codes.copy'),
                  copied: t('twoFactor.codes.copied'),
                  download: t('twoFactor.codes.download'),
                  done: t('twoFactor.codes.done'),
                }}
                fileName="cityquest-admin-recovery-codes.txt"
                onDone={goOn}
              />
            )}
          </Stack>
          {step.name !== 'codes' && (
            <Button variant="subtle" color="gray" onClick={() => logout.mutate({ to: '/login' })}>
              {t('twoFactor.setup.logout')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
