import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

export type SecondFactorFormLabels = {
  /** The field: 'Authentication code'. */
  code: string;
  /** Under the field: the 6-digit code of the authenticator app, or a recovery code. */
  hint: string;
  /** Shown when the field is sent empty. */
  required: string;
  submit: string;
  /** Leaves the code step; omitted, there is no such button. */
  cancel?: string;
};

export type SecondFactorFormProps = {
  labels: SecondFactorFormLabels;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  submitting?: boolean;
  /** The server's answer to the last code, shown on the field. */
  error?: string | null;
  /** An answer that is not about the code (the sign-in expired, the network), shown above it. */
  alert?: string | null;
  /** Most recovery codes are longer than this; the contract's own limit. */
  maxLength: number;
};

/**
 * The code step of a two-factor sign-in or change: one field that takes the authenticator app's six digits or a
 * recovery code, offered to password managers and phone keyboards as a one-time code.
 */
export function SecondFactorForm({
  labels,
  onSubmit,
  onCancel,
  submitting = false,
  error,
  alert,
  maxLength,
}: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim()) {
          setMissing(true);
          return;
        }
        onSubmit(code.trim());
      }}
    >
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          label={labels.code}
          description={labels.hint}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? labels.required : error}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxLength}
          required
          data-autofocus
        />
        <Group justify="space-between" wrap="wrap-reverse">
          {onCancel && labels.cancel ? (
            <Button variant="subtle" onClick={onCancel} disabled={submitting}>
              {labels.cancel}
            </Button>
          ) : (
            <Text component="span" />
          )}
          <Button type="submit" loading={submitting}>
            {labels.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
