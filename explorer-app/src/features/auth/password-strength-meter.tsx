import { PasswordStrength } from '@cityquest/shared-ui';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';
import { type PasswordOwner, type PasswordVerdict, usePasswordVerdict } from './use-password-verdict.ts';

const LABELS = ['weak', 'weak', 'fair', 'good', 'strong'] as const;

function labelKey(verdict: PasswordVerdict | null): TranslationKey<'account'> {
  if (!verdict) return 'passwordStrength.empty';
  if (verdict.personal) return 'passwordStrength.personal';
  return `passwordStrength.${LABELS[verdict.score] ?? 'weak'}`;
}

/** The strength of a new password under its field, as the person types it. */
export function PasswordStrengthMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  const verdict = usePasswordVerdict(password, owner);
  return (
    <PasswordStrength
      score={verdict?.score ?? null}
      label={t(labelKey(verdict))}
      barLabel={t('passwordStrength.bar')}
    />
  );
}
