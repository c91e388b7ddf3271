import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = { approved: 'green', pending: 'yellow', rejected: 'red' };

/** Quest review status: approved green, pending yellow, rejected red, anything else blue. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge color={COLOURS[status] ?? 'blue'} variant="light">
      {label ?? status}
    </Badge>
  );
}
