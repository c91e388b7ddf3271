import { PASSWORD_LIMITS, TWO_FACTOR_LIMITS } from '@cityquest/contract';
import { Modal, PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepFocus } from '../../lib/use-step-focus.ts';

// This section's strings load with the settings route (the `security` namespace); shared ones are `translation:`.
export const TWO_FACTOR_NAMESPACES = ['security', 'translation'] as const;

export function useRecoveryLabels() {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
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
export function CurrentPasswordInput({
  inputProps,
  autoFocusHere = false,
}: {
  inputProps: GetInputPropsReturnType;
  /** The first field of its step: the dialog's focus goes there. */
  autoFocusHere?: boolean;
}) {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
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
export function SecondFactorCodeInput({
  inputProps,
  autoFocusHere = false,
}: {
  inputProps: GetInputPropsReturnType;
  autoFocusHere?: boolean;
}) {
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
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
export function TwoFactorDialog({
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
  const { t } = useTranslation(TWO_FACTOR_NAMESPACES);
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

export type TwoFactorDialogProps = { opened: boolean; onClose: () => void; onDone: () => void };
