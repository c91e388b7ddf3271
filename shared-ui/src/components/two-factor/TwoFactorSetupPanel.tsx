import { Alert, Button, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { SecondFactorForm, type SecondFactorFormLabels } from './SecondFactorForm.tsx';

export type TwoFactorSetupLabels = {
  /** How to start: scan the QR code with an authenticator app. */
  scan: string;
  /** Alternative text of the QR code. */
  qrAlt: string;
  /** Before the secret: or type this key. */
  typeKey: string;
  copy: string;
  copied: string;
  /** Asks for the first code the app shows. */
  confirmIntro: string;
  form: SecondFactorFormLabels;
};

export type TwoFactorSetupPanelProps = {
  setup: { qrCode: string; secret: string };
  labels: TwoFactorSetupLabels;
  onConfirm: (code: string) => void;
  onCancel?: () => void;
  confirming?: boolean;
  error?: string | null;
  alert?: string | null;
  maxLength: number;
};

/** The key groups of four, as authenticator apps show and people type them. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Enrolment: the new secret as a QR code and as text, then its first code, which turns two-factor sign-in on. */
export function TwoFactorSetupPanel({
  setup,
  labels,
  onConfirm,
  onCancel,
  confirming,
  error,
  alert,
  maxLength,
}: TwoFactorSetupPanelProps) {
  return (
    <Stack gap="md">
      <Text>{labels.scan}</Text>
      <Image src={setup.qrCode} alt={labels.qrAlt} w={200} h={200} mx="auto" bg="white" radius="sm" />
      <Stack gap={4}>
        <Text size="sm">{labels.typeKey}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? labels.copied : labels.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Alert variant="light" color="blue">
        {labels.confirmIntro}
      </Alert>
      <SecondFactorForm
        labels={labels.form}
        onSubmit={onConfirm}
        onCancel={onCancel}
        submitting={confirming}
        error={error}
        alert={alert}
        maxLength={maxLength}
      />
    </Stack>
  );
}
