import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';

const NOTICE_MS = 3000;

/** A settings section's outcome line: successes fade after a few seconds, failures stay until the next try. */
export function useNotice() {
  const [notice, setNotice] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  useEffect(() => {
    if (notice?.tone !== 'green') return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  const view = notice && (
    <Alert color={notice.tone} role={notice.tone === 'red' ? 'alert' : 'status'}>
      {notice.text}
    </Alert>
  );
  return { setNotice, view };
}
