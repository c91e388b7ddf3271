import { PROOF_LIMITS } from '@cityquest/contract';
import { PhotoPicker } from '@cityquest/web-client/ui/photo-picker';
import { useTranslation } from 'react-i18next';

/** The proof's photo (docs/product-rules/progress-and-xp.md#proofs): the shared picker, at most the proof size. */
export function ProofPhotoPicker(props: {
  photo: File | null;
  onChange: (photo: File | null) => void;
  invalid: boolean;
  /** The server's word on the photo it refused. */
  error?: string;
}) {
  const { t } = useTranslation('play');
  return (
    <PhotoPicker
      {...props}
      maxBytes={PROOF_LIMITS.photoBytes}
      labels={{
        label: t('upload.photo.label'),
        drop: t('upload.photo.drop'),
        hint: t('upload.photo.hint'),
        browse: t('upload.photo.browse'),
        browseInput: t('upload.photo.browseInput'),
        takePhoto: t('upload.photo.takePhoto'),
        cameraInput: t('upload.photo.cameraInput'),
        remove: () => t('upload.photo.remove'),
        previewAlt: (name) => t('upload.photo.previewAlt', { name }),
        problem: (problem) => t(`upload.photo.${problem}`),
      }}
    />
  );
}
