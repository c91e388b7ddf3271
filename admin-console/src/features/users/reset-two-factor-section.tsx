import { PASSWORD_LIMITS, TWO_FACTOR_LIMITS } from '@cityquest/contract';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { placeOnForm } from '@cityquest/web-client/ui/form-errors';
import {
  Alert,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { twoFactorQueries } from '../../api/two-factor-api.ts';
import { type AdminUser, RESET_REASON_LIMITS, useResetUserTwoFactor } from './users-api.ts';

/**
 * A super admin's way out for an owner who lost both their authenticator and their recovery codes
 * (POST /admin/users/{id}/two-factor/reset, super admins only, never on their own account: the details show it
 * only then). Like the badge award, the form opens in place: a second dialog would stack on a phone.
 */
export function ResetTwoFactorSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const [resetting, setResetting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const doneNote = useRef<HTMLDivElement>(null);
  const [closedForm, setClosedForm] = useState(false);
  // Cancelled, focus goes back to the button; done, the button is gone, so to the note that says what happened.
  useEffect(() => {
    if (resetting) return;
    if (done) doneNote.current?.focus();
    else if (closedForm) openButton.current?.focus();
  }, [closedForm, resetting, done]);

  // Nothing to reset and nothing just done: the details' own line already says it is off. An open form stays
  // while its answer turns the factor off in the cache, so its own callbacks still run.
  if (!user.twoFactorEnabled && !done && !resetting) return null;

  function closeForm() {
    setResetting(false);
    setClosedForm(true);
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="user-two-factor-title">
      <Title order={4} id="user-two-factor-title">
        {t('users.twoFactorReset.section')}
      </Title>
      {done && (
        <Alert
          ref={doneNote}
          tabIndex={-1}
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t('users.twoFactorReset.dismiss')}
          onClose={() => setDone(null)}
        >
          {done}
        </Alert>
      )}
      {(user.twoFactorEnabled || resetting) && (
        <>
          <Text size="sm" c="dimmed">
            {t('users.twoFactorReset.hint')}
          </Text>
          {resetting ? (
            <ResetForm
              user={user}
              onCancel={closeForm}
              onReset={(updated) => {
                setDone(t('users.twoFactorReset.done', { name: updated.fullName || updated.username }));
                closeForm();
              }}
            />
          ) : (
            <Group gap="xs">
              <Button
                ref={openButton}
                variant="light"
                color="red"
                leftSection={<IconShieldOff size={16} aria-hidden="true" />}
                onClick={() => {
                  setDone(null);
                  setClosedForm(false);
                  setResetting(true);
                }}
              >
                {t('users.twoFactorReset.open')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

type Values = { reason: string; code: string; password: string };

type FormProps = { user: AdminUser; onCancel: () => void; onReset: (user: AdminUser) => void };

function ResetForm({ user, onCancel, onReset }: FormProps) {
  const { t } = useTranslation();
  // The console's guard has read the signed-in account's own status already: this is its cached answer.
  const own = useQuery(twoFactorQueries.status());
  const reset = useResetUserTwoFactor();
  // The form replaces the button that opened it, so the reason takes the focus once the form shows.
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const ready = own.data !== undefined;
  useEffect(() => {
    if (ready) reasonField.current?.focus();
  }, [ready]);
  // With two-factor sign-in on, the caller proves it is them with their own code; else with their password.
  const proof = own.data?.enabled ? 'code' : 'password';
  const form = useForm<Values>({
    initialValues: { reason: '', code: '', password: '' },
    validate: {
      reason: (value) =>
        value.trim().length >= RESET_REASON_LIMITS.min
          ? null
          : t('users.twoFactorReset.reasonRequired', { min: RESET_REASON_LIMITS.min }),
      code: (value) => (proof !== 'code' || value.trim() ? null : t('users.twoFactorReset.codeRequired')),
      password: (value) =>
        proof !== 'password' || value ? null : t('users.twoFactorReset.passwordRequired'),
    },
  });
  // A 400's field errors sit on the fields this form shows; the banner shows any failure none of them holds.
  const shown = new Set<string>(['reason', proof]);
  const shows = (field: string) => shown.has(field);
  const bannerError = placeOnForm(reset.error, shows).banner;

  if (own.isError && !own.data)
    return (
      <ErrorBanner
        title={t('users.error')}
        message={t('users.twoFactorReset.statusFailed', { message: own.error.message })}
        dismissLabel={t('users.twoFactorReset.cancel')}
        onDismiss={onCancel}
        retryLabel={t('users.retry')}
        onRetry={() => void own.refetch()}
      />
    );
  if (!own.data)
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );

  function onSubmit({ reason, code, password }: Values) {
    reset.mutate(
      {
        id: user._id,
        reason: reason.trim(),
        ...(proof === 'code' ? { code: code.trim() } : { password }),
      },
      {
        onSuccess: onReset,
        onError: (error) => form.setErrors(placeOnForm(error, shows).fields),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="xs">
        {bannerError && (
          <ErrorBanner
            title={t('users.error')}
            message={bannerError}
            dismissLabel={t('users.twoFactorReset.dismiss')}
            onDismiss={reset.reset}
          />
        )}
        <Textarea
          label={t('users.twoFactorReset.reason')}
          description={t('users.twoFactorReset.reasonHint', {
            count: form.values.reason.length,
            max: RESET_REASON_LIMITS.max,
            min: RESET_REASON_LIMITS.min,
          })}
          required
          maxLength={RESET_REASON_LIMITS.max}
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
          ref={reasonField}
        />
        {proof === 'code' ? (
          <TextInput
            label={t('users.twoFactorReset.code')}
            description={t('users.twoFactorReset.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={TWO_FACTOR_LIMITS.code}
            required
            {...form.getInputProps('code')}
          />
        ) : (
          <PasswordInput
            label={t('users.twoFactorReset.password')}
            description={t('users.twoFactorReset.passwordHint')}
            autoComplete="current-password"
            maxLength={PASSWORD_LIMITS.max}
            required
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            {...form.getInputProps('password')}
          />
        )}
        <Group gap="xs">
          <Button type="submit" color="red" loading={reset.isPending}>
            {t('users.twoFactorReset.submit')}
          </Button>
          <Button variant="default" disabled={reset.isPending} onClick={onCancel}>
            {t('users.twoFactorReset.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
