import {
  type ImageFileFieldProps,
  ImageFileField as SharedImageFileField,
} from '@cityquest/web-client/ui/image-file-field';

/** The sign-up's avatar and cover: a required picture field previewing the choice under the input. */
export function ImageFileField(props: Omit<ImageFileFieldProps, 'required' | 'previewShape'>) {
  return <SharedImageFileField {...props} required previewShape="below" />;
}
