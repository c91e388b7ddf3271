import { PASSWORD_LIMITS, TWO_FACTOR_LIMITS } from '@cityquest/contract';
import { RecoveryCodesPanel, type SecondFactorFormLabels, TwoFactorSetupPanel } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepFocus } from '../../lib/use-step-focus.ts';
import {
  twoFactorQueries,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
} from './two-factor-api.ts';
import { useNotice } from './use-notice.tsx';

// This section's strings load with the settings route (the `security` namespace); shared ones are `translation:`.
const NAMESPACES = ['security', 'translation'] as const;

/** Where a refused code goes: a wrong code (400) under the field, anything else (409, 429, offline) above it. */
function codeFailure(error: unknown, fallback: string): { field: string | null; alert: string | null } {
  const message = (error instanceof Error && error.message) || fallback;
  if (error instanceof ApiError && error.status === 400)
    return {
      field: error.fieldErrors.find((problem) => problem.field === 'code')?.message ?? message,
      alert: null,
    };
  return { field: null, alert: message };
}

function useCodeFailure() {
  const { t } = useTranslation(NAMESPACES);
  const [failure, setFailure] = useState<{ field: string | null; alert: string | null }>({
    field: null,
    alert: null,
  });
  return {
    ...failure,
    clear: () => setFailure({ field: null, alert: null }),
    show: (error: unknown) => setFailure(codeFailure(error, t('twoFactor.failed'))),
  };
}

function useCodeLabels(submit: string, hint?: string): SecondFactorFormLabels {
  const { t } = useTranslation(NAMESPACES);
  return {
    code: t('twoFactor.code'),
    hint: hint ?? t('twoFactor.codeHint'),
    required: t('twoFactor.codeRequired'),
    submit,
    cancel: t('translation:common.cancel'),
  };
}

function useRecoveryLabels() {
  const { t } = useTranslation(NAMESPACES);
  return {
    intro: t('twoFactor.codes.intro'),
    listLabel: t('twoFactor.codes.listLabel'),
    copy: t('twoFactor.codes.copy'),
    copied: t('twoFactor.codes.copied'),
    download: t('twoFactor.codes.download'),
    done: t('twoFactor.codes.done'),
  };
}

/**
 * The current password an account-security change asks for (docs/product-rules/accounts-and-security.md#two-factor-sign-in):
 * optional, as a session younger than 5 minutes needs none; the server's refusal shows under it. It lives only in
 * the form's state: never in an address, a store or a log.
 */
function CurrentPasswordInput({
  inputProps,
  autoFocusHere = false,
}: {
  inputProps: GetInputPropsReturnType;
  /** The first field of its step: the dialog's focus goes there. */
  autoFocusHere?: boolean;
}) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <PasswordInput
      label={t('twoFactor.stepUp.password')}
      description={t('twoFactor.stepUp.passwordHint')}
      autoComplete="current-password"
      maxLength={PASSWORD_LIMITS.max}
      visibilityToggleButtonProps={{ 'aria-label': t('translation:common.togglePassword') }}
      data-autofocus={autoFocusHere || undefined}
      {...inputProps}
    />
  );
}

/** An authenticator or recovery code, as the disable and regenerate dialogs ask for it. */
function SecondFactorCodeInput({
  inputProps,
  autoFocusHere = false,
}: {
  inputProps: GetInputPropsReturnType;
  autoFocusHere?: boolean;
}) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <TextInput
      label={t('twoFactor.code')}
      description={t('twoFactor.codeHint')}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={TWO_FACTOR_LIMITS.code}
      required
      data-autofocus={autoFocusHere || undefined}
      {...inputProps}
    />
  );
}

/**
 * The dialogs of this section. They stay mounted, so the modal gives focus back to the switch or button that
 * opened it; each forgets its answers once it has faded out (`onExited`). Recovery codes are shown only once
 * (docs/product-rules/accounts-and-security.md#two-factor-sign-in), so while they are on screen the dialog closes
 * only through its 'I have saved my codes' button.
 */
function Dialog({
  opened,
  title,
  step,
  showingCodes,
  onClose,
  onExited,
  children,
}: {
  opened: boolean;
  title: string;
  step: string;
  showingCodes: boolean;
  onClose: () => void;
  onExited: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACES);
  const steps = useStepFocus<HTMLDivElement>(step);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={title}
      centered
      withCloseButton={!showingCodes}
      closeOnEscape={!showingCodes}
      closeOnClickOutside={!showingCodes}
      closeButtonProps={{ 'aria-label': t('translation:common.close') }}
    >
      <div ref={steps} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </div>
    </Modal>
  );
}

type DialogProps = { opened: boolean; onClose: () => void; onDone: () => void };

/**
 * Enrolment: the current password when the sign-in is older than 5 minutes, the new key, its first code, then the
 * recovery codes.
 */
function EnableDialog({ opened, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(NAMESPACES);
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const failure = useCodeFailure();
  const codeLabels = useCodeLabels(t('twoFactor.setup.submit'), t('twoFactor.setup.codeHint'));
  const recoveryLabels = useRecoveryLabels();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ initialValues: { password: '' } });
  const codes = enable.data?.recoveryCodes;
  const step = codes ? 'codes' : setup.data ? 'setup' : 'start';

  function start({ password }: typeof form.values) {
    setAlert(null);
    setup.mutate(password, {
      // The password has done its work: it is not kept while the key is on screen.
      onSuccess: () => form.reset(),
      onError: (error) => setAlert(placeErrors(form, error, t('twoFactor.failed'))),
    });
  }

  function confirm(code: string) {
    failure.clear();
    enable.mutate(code, { onError: failure.show });
  }

  return (
    <Dialog
      opened={opened}
      title={codes ? t('twoFactor.codes.title') : t('twoFactor.setup.title')}
      step={step}
      showingCodes={Boolean(codes)}
      onClose={onClose}
      onExited={() => {
        // Neither the password nor the new secret is kept once the dialog is gone.
        form.reset();
        setAlert(null);
        setup.reset();
        enable.reset();
        failure.clear();
      }}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} labels={recoveryLabels} onDone={onDone} />
      ) : setup.data ? (
        <TwoFactorSetupPanel
          setup={setup.data}
          labels={{
            scan: t('twoFactor.setup.scan'),
            qrAlt: t('twoFactor.setup.qrAlt'),
            typeKey: t('twoFactor.setup.typeKey'),
            copy: t('twoFactor.setup.copy'),
            copied: t('twoFactor.setup.copied'),
            confirmIntro: t('twoFactor.setup.confirmIntro'),
            form: codeLabels,
          }}
          onConfirm={confirm}
          onCancel={onClose}
          confirming={enable.isPending}
          error={failure.field}
          alert={failure.alert}
          maxLength={TWO_FACTOR_LIMITS.code}
        />
      ) : (
        <form onSubmit={form.onSubmit(start)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('twoFactor.setup.intro')}</Text>
            {alert && (
              <Alert color="red" role="alert" title={t('twoFactor.setup.startFailed')}>
                {alert}
              </Alert>
            )}
            <CurrentPasswordInput autoFocusHere inputProps={form.getInputProps('password')} />
            <Group justify="space-between" wrap="wrap-reverse">
              <Button variant="subtle" onClick={onClose} disabled={setup.isPending}>
                {t('translation:common.cancel')}
              </Button>
              <Button type="submit" loading={setup.isPending}>
                {t('twoFactor.setup.start')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

/** Turning it off asks for the password and a code (authenticator or recovery), each refusal under its field. */
function DisableDialog({ opened, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(NAMESPACES);
  const disable = useDisableTwoFactor();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: {
      password: (value) => (value ? null : t('twoFactor.disable.passwordRequired')),
      code: (value) => (value.trim() ? null : t('twoFactor.codeRequired')),
    },
  });

  function submit({ password, code }: typeof form.values) {
    setAlert(null);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: onDone,
        onError: (error) => setAlert(placeErrors(form, error, t('twoFactor.failed'))),
      },
    );
  }

  return (
    <Dialog
      opened={opened}
      title={t('twoFactor.disable.title')}
      step="form"
      showingCodes={false}
      onClose={onClose}
      onExited={() => {
        form.reset();
        setAlert(null);
        disable.reset();
      }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.disable.intro')}</Text>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <PasswordInput
            label={t('twoFactor.disable.password')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('translation:common.togglePassword') }}
            data-autofocus
            {...form.getInputProps('password')}
          />
          <SecondFactorCodeInput inputProps={form.getInputProps('code')} />
          <Group justify="space-between" wrap="wrap-reverse">
            <Button variant="subtle" onClick={onClose} disabled={disable.isPending}>
              {t('translation:common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('twoFactor.disable.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * New recovery codes, with a code and, when the sign-in is older than 5 minutes, the current password; the earlier
 * codes stop working. Each refusal shows under its field.
 */
function RegenerateDialog({ opened, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(NAMESPACES);
  const regenerate = useRegenerateRecoveryCodes();
  const recoveryLabels = useRecoveryLabels();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '', password: '' },
    validate: { code: (value) => (value.trim() ? null : t('twoFactor.codeRequired')) },
  });
  const codes = regenerate.data?.recoveryCodes;

  function submit({ code, password }: typeof form.values) {
    setAlert(null);
    regenerate.mutate(
      { code: code.trim(), password },
      {
        onSuccess: () => form.reset(),
        onError: (error) => setAlert(placeErrors(form, error, t('twoFactor.failed'))),
      },
    );
  }

  return (
    <Dialog
      opened={opened}
      title={codes ? t('twoFactor.codes.title') : t('twoFactor.regenerateDialog.title')}
      step={codes ? 'codes' : 'form'}
      showingCodes={Boolean(codes)}
      onClose={onClose}
      onExited={() => {
        form.reset();
        setAlert(null);
        regenerate.reset();
      }}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} labels={recoveryLabels} onDone={onDone} />
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('twoFactor.regenerateDialog.intro')}</Text>
            {alert && (
              <Alert color="red" role="alert">
                {alert}
              </Alert>
            )}
            <SecondFactorCodeInput autoFocusHere inputProps={form.getInputProps('code')} />
            <CurrentPasswordInput inputProps={form.getInputProps('password')} />
            <Group justify="space-between" wrap="wrap-reverse">
              <Button variant="subtle" onClick={onClose} disabled={regenerate.isPending}>
                {t('translation:common.cancel')}
              </Button>
              <Button type="submit" loading={regenerate.isPending}>
                {t('twoFactor.regenerateDialog.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

/**
 * The Security tab's two-factor sign-in: the switch shows what the server says and changes it only through the
 * dialogs (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
 */
export function TwoFactorSettings() {
  const { t } = useTranslation(NAMESPACES);
  const status = useQuery(twoFactorQueries.status());
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'regenerate' | null>(null);
  const { setNotice, view } = useNotice();

  if (status.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('twoFactor.loading')}</Text>
      </Group>
    );

  // A failed read again after a good one keeps showing the good one.
  if (!status.data)
    return (
      <Alert color="red" role="alert" title={t('twoFactor.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{status.error?.message || t('twoFactor.failed')}</Text>
          <Button
            variant="light"
            color="red"
            loading={status.isFetching}
            onClick={() => void status.refetch()}
          >
            {t('translation:common.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );

  const { enabled, required, recoveryCodesLeft } = status.data;
  // Admins on a server that requires it keep it on; the server refuses to turn it off too (403).
  const locked = enabled && required;
  const close = () => setDialog(null);
  const done = (text: string) => () => {
    setDialog(null);
    setNotice({ tone: 'green', text });
  };

  const onToggle = () => setDialog(enabled ? 'disable' : 'enable');

  return (
    <Stack gap="md">
      {view}
      <Switch
        label={t('twoFactor.label')}
        // Mantine's label element holds the description too: named alone, it is not read twice.
        aria-label={t('twoFactor.label')}
        description={
          locked ? t('twoFactor.requiredOn') : `${t('twoFactor.hint')} ${t('twoFactor.signsOutOthers')}`
        }
        checked={enabled}
        disabled={locked}
        onChange={onToggle}
      />
      {required && !enabled && (
        <Alert color="yellow" variant="light">
          {t('twoFactor.requiredOff')}
        </Alert>
      )}
      {enabled && (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('twoFactor.codesLeft', { count: recoveryCodesLeft })}</Text>
          <Button variant="default" onClick={() => setDialog('regenerate')}>
            {t('twoFactor.regenerate')}
          </Button>
        </Group>
      )}
      <EnableDialog opened={dialog === 'enable'} onClose={close} onDone={done(t('twoFactor.turnedOn'))} />
      <DisableDialog opened={dialog === 'disable'} onClose={close} onDone={done(t('twoFactor.turnedOff'))} />
      <RegenerateDialog
        opened={dialog === 'regenerate'}
        onClose={close}
        onDone={done(t('twoFactor.regenerated'))}
      />
    </Stack>
  );
}
