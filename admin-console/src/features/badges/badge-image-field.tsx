import { ImageFileField } from '@cityquest/web-client/ui/image-file-field';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BADGE_IMAGE_MB } from './create-badge-form.ts';

type Props = {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  /** The catalogue's medal the badge gets without an upload, when one shows the chosen category and tier. */
  medalUrl?: string | null;
};

/**
 * The badge's image (the contract's `image`, a file the server re-encodes), with a round preview of the chosen
 * picture, or of the catalogue's medal the badge gets when none is chosen.
 */
export function BadgeImageField({ value, onChange, error, medalUrl }: Props) {
  const { t } = useTranslation();
  return (
    <ImageFileField
      label={t('badges.create.image')}
      description={t('badges.create.imageHint', { mb: BADGE_IMAGE_MB })}
      error={error}
      value={value}
      onChange={onChange}
      previewShape="round"
      previewAlt={t('badges.create.imagePreview')}
      fallbackUrl={medalUrl}
      fallbackAlt={t('badges.create.medalPreview')}
      clearLabel={t('badges.create.useMedal')}
    />
  );
}
