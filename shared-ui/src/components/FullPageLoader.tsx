import { Center, Loader, Text } from '@mantine/core';

/** Shown while a guarded screen waits for the user ('Loading...'). */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="40vh" style={{ flexDirection: 'column', gap: 12 }} role="status" aria-live="polite">
      <Loader />
      <Text c="dimmed">{label}</Text>
    </Center>
  );
}
