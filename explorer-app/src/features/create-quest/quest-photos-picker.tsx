import { QUEST_LIMITS } from '@cityquest/contract';
import { PhotoPicker } from '@cityquest/web-client/ui/photo-picker';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A new quest's photos (docs/product-rules/quests.md#photos): the shared picker, keeping at most the quest's
 * photo count and size; the first photo is the cover.
 */
export function QuestPhotosPicker({
  photos,
  onChange,
  error,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('create');
  return (
    <PhotoPicker
      photos={photos}
      onChange={onChange}
      maxPhotos={QUEST_LIMITS.photos}
      maxBytes={QUEST_LIMITS.photoBytes}
      invalid={Boolean(error)}
      error={error}
      labels={{
        label: t('photos.label'),
        drop: t('photos.drop'),
        hint: t('photos.hint'),
        browse: t('photos.browse'),
        browseInput: t('photos.browseInput'),
        takePhoto: t('photos.takePhoto'),
        cameraInput: t('photos.cameraInput'),
        remove: (name) => t('photos.remove', { name }),
        previewAlt: (name, number) => t('photos.previewAlt', { name, number }),
        problem: (problem, name) => t(`photos.${problem}`, { name }),
      }}
      listLabels={{
        none: t('photos.none'),
        first: t('photos.cover'),
        tooMany: (max) => t('photos.tooMany', { max }),
      }}
    />
  );
}
