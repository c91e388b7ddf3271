import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';

export type RecoveryCodesLabels = {
  /** Says they are shown this once, each works once, and where to keep them. */
  intro: string;
  /** Names the list for screen readers. */
  listLabel: string;
  copy: string;
  copied: string;
  download: string;
  /** The closing button: 'I have saved my codes'. */
  done: string;
};

export type RecoveryCodesPanelProps = {
  codes: string[];
  labels: RecoveryCodesLabels;
  onDone: () => void;
  /** The downloaded file's name. */
  fileName?: string;
};

function download(codes: string[], fileName: string) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked at once, some browsers cancel the download it just started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The recovery codes, shown once after they are issued, to copy or download before closing. */
export function RecoveryCodesPanel({
  codes,
  labels,
  onDone,
  fileName = 'cityquest-recovery-codes.txt',
}: RecoveryCodesPanelProps) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="yellow">
        {labels.intro}
      </Alert>
      <List
        aria-label={labels.listLabel}
        // Safari drops a list's role once its markers are hidden.
        role="list"
        listStyleType="none"
        spacing={4}
        ff="monospace"
        style={{ columns: 2, columnGap: 'var(--mantine-spacing-lg)' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Text ff="monospace" fw={600}>
              {code}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? labels.copied : labels.copy}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={() => download(codes, fileName)}>
          {labels.download}
        </Button>
      </Group>
      <Button onClick={onDone}>{labels.done}</Button>
    </Stack>
  );
}
