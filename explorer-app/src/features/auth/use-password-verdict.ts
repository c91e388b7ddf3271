import { useEffect, useState } from 'react';

export type PasswordOwner = { username?: string; email?: string; fullName?: string };

/** zxcvbn's score (0 to 4), or 0 with `personal` when the password holds the username or the email's name. */
export type PasswordVerdict = { score: number; personal: boolean };

/**
 * Judges a new password as it is typed, by the rule the server applies (docs/ops/security.md#passwords). The
 * estimator and its dictionaries load on first use, in their own chunk, so they never weigh on the app's first load.
 */
export function usePasswordVerdict(password: string, owner: PasswordOwner): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const { username = '', email = '', fullName = '' } = owner;
  useEffect(() => {
    if (!password) return;
    let current = true;
    void import('./password-estimator.ts').then(({ judgePassword }) => {
      if (current) setVerdict(judgePassword(password, { username, email, fullName }));
    });
    return () => {
      current = false;
    };
  }, [password, username, email, fullName]);
  return password ? verdict : null;
}
